import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type WebSocket from 'ws';

/**
 * Uploads built to stall a server that extracts text on its event loop
 * (issue 14), and a probe that measures how late the server answers meanwhile.
 * Used by the security tests and by the bench (DESIGN §8).
 */

/** '<script ' over and over: the old regex HTML-to-text took 17 s on 40,000 (320 kB). */
export function scriptFlood(times = 40_000): Buffer {
  return Buffer.from('<script '.repeat(times));
}

/** `unit` repeated to `bytes`, deflated as it is produced (never held whole). */
async function deflated(unit: string, bytes: number): Promise<Buffer> {
  const block = Buffer.from(unit.repeat(Math.ceil((1 << 20) / unit.length)));
  const blocks = Math.ceil(bytes / block.length);
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < blocks; i++) yield block;
      })(),
    ),
    zlib.createDeflate({ level: 9 }),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
  );
  return Buffer.concat(chunks);
}

/**
 * A valid one-page PDF whose content stream is `unit` (content operators)
 * repeated to `inflatedBytes`, FlateDecoded: about a megabyte on disk. Text
 * operators make pdf.js build a text item each; ~900 MB of them took the old
 * in-process extraction 106 s and 2.8 GB.
 */
export async function inflatingPdf(
  inflatedBytes = 500 * 1024 * 1024,
  unit = 'BT /F1 1 Tf (a) Tj ET\n',
): Promise<Buffer> {
  const stream = await deflated(unit, inflatedBytes);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (n: number, body: string | Buffer[]) => {
    offsets.push(length);
    if (typeof body === 'string') return push(`${n} 0 obj\n${body}\nendobj\n`);
    push(`${n} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  );
  object(4, [
    Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    Buffer.from('\nendstream'),
  ]);
  object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  push(
    `xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
      `trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(parts);
}

/** Arrays nested `depth` deep: a recursive walk of the parsed value overflows the stack. */
export function nestedJson(depth = 1_000_000): Buffer {
  return Buffer.from('['.repeat(depth) + ']'.repeat(depth));
}

/** Objects nested `depth` deep, each with one key. */
export function nestedJsonObjects(depth = 500_000): Buffer {
  return Buffer.from('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

export interface Latencies {
  health: number[];
  socket: number[];
}

/**
 * Asks GET /api/health, and the cog socket a request/response round trip,
 * every `everyMs`. Each answer's latency counts from when its question was
 * due, not when it was sent: a blocked event loop (the server's, or this
 * process's when the server runs in it) delays both, and shows.
 */
export function probeLatency(opts: {
  url: string;
  /** An open, signed-in /api/ws/cog socket. */
  socket: WebSocket;
  everyMs?: number;
}): { stop(): Promise<Latencies> } {
  const everyMs = opts.everyMs ?? 50;
  const out: Latencies = { health: [], socket: [] };
  const pending: Promise<void>[] = [];
  const waiting = new Map<string, number>();
  const onMessage = (data: WebSocket.RawData) => {
    const frame = JSON.parse(data.toString()) as { request_id?: string };
    const due = frame.request_id === undefined ? undefined : waiting.get(frame.request_id);
    if (due === undefined) return;
    waiting.delete(frame.request_id!);
    out.socket.push(performance.now() - due);
  };
  opts.socket.on('message', onMessage);
  const start = performance.now();
  let n = 0;
  let timer: NodeJS.Timeout;
  let stopped = false;
  const tick = () => {
    const due = start + n * everyMs;
    n++;
    pending.push(
      fetch(`${opts.url}/api/health`).then(async (res) => {
        await res.arrayBuffer();
        out.health.push(performance.now() - due);
      }),
    );
    const id = `probe-${n}`;
    waiting.set(id, due);
    // Any answer will do (this one is an error: no workspace selected); it has to go through the hub.
    opts.socket.send(
      JSON.stringify({ typ: 'workspace.toolprovider.details', content: {}, request_id: id }),
    );
    if (!stopped) timer = setTimeout(tick, Math.max(0, start + n * everyMs - performance.now()));
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(pending);
      const end = Date.now() + 5000;
      while (waiting.size > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      opts.socket.off('message', onMessage);
      // An unanswered socket question counts as the whole wait.
      for (const due of waiting.values()) out.socket.push(performance.now() - due);
      return out;
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

/**
 * About `chars` characters of real prose vocabulary (every word of the seed
 * documents, in a scrambled order, with sentence ends): what a huge plain-text
 * upload costs the semantic index, which analyses every word it has not seen.
 */
export function wordyText(chars: number): string {
  const vocabulary = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else
        for (const w of fs.readFileSync(file, 'utf8').split(/\W+/))
          if (w.length > 2) vocabulary.add(w);
    }
  };
  walk(path.resolve('server/seed/documents'));
  const words = [...vocabulary];
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const word = words[(i * 7919) % words.length]!;
    const sep = i % 17 === 16 ? '.\n' : ' ';
    out.push(word, sep);
    length += word.length + sep.length;
  }
  return out.join('');
}
