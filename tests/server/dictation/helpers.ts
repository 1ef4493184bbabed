import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { AUDIO_BUFFER_SAMPLES, AUDIO_SAMPLE_RATE, AUDIO_SOCKET_PATH } from '../../../protocol';
import { findExecutable } from '../../../server/speech/choose';
import { pocketsphinxModel } from '../../../server/speech/pocketsphinx';
import { createResampler } from '../../../server/speech/resample';
import type { Client, TestServer } from '../harness';

export const TEST_DATA = '/usr/share/pocketsphinx/test/data';
export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Why the pocketsphinx tests cannot run here, or undefined when they can. */
export function pocketsphinxMissing(): string | undefined {
  if (!findExecutable('pocketsphinx_continuous'))
    return 'pocketsphinx_continuous is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us pocketsphinx-testdata)';
  const missing = [
    ...Object.values(pocketsphinxModel(MODEL_DIR)),
    `${TEST_DATA}/goforward.raw`,
  ].find((p) => !fs.existsSync(p));
  return missing
    ? `${missing} is missing (Debian: pocketsphinx-en-us, pocketsphinx-testdata)`
    : undefined;
}

/**
 * 16 kHz s16le mono raw audio upsampled to the browser's 44.1 kHz: with sox
 * when it is installed (an independent resampler), else with libsamplerate.
 */
export async function upsampleTo44k(raw16k: Buffer): Promise<Buffer> {
  if (findExecutable('sox')) {
    const sox = spawnSync(
      'sox',
      [
        '-t',
        'raw',
        '-r',
        '16000',
        '-e',
        'signed',
        '-b',
        '16',
        '-c',
        '1',
        '-',
        '-r',
        String(AUDIO_SAMPLE_RATE),
        '-t',
        'raw',
        '-',
      ],
      { input: raw16k, maxBuffer: 64 * 1024 * 1024 },
    );
    if (sox.status !== 0) throw new Error(`sox failed: ${sox.stderr.toString()}`);
    return sox.stdout;
  }
  const up = await createResampler(16000, AUDIO_SAMPLE_RATE);
  const out = Buffer.concat([up.push(raw16k), up.flush()]);
  up.destroy();
  return out;
}

/** `seconds` of 16-bit PCM at 44.1 kHz from a sample function. */
export function pcm44k(seconds: number, sample: (i: number) => number): Buffer {
  const n = Math.round(seconds * AUDIO_SAMPLE_RATE);
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++)
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample(i)))), i * 2);
  return out;
}

/** Deterministic white noise of the given amplitude. */
export function noise(amplitude: number): (i: number) => number {
  let seed = 12345;
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return ((seed / 0x7fffffff) * 2 - 1) * amplitude;
  };
}

/** The chunks a browser would send: AUDIO_BUFFER_SAMPLES samples each (the last may be shorter). */
export function chunks(pcm: Buffer, samples = AUDIO_BUFFER_SAMPLES): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += samples * 2) out.push(pcm.subarray(i, i + samples * 2));
  return out;
}

export interface AudioSocket {
  ws: WebSocket;
  replies: any[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  /** The next reply not yet returned (waits for it). */
  next(timeoutMs?: number): Promise<any>;
  /** Replies up to and including the first final or error. */
  closing(timeoutMs?: number): Promise<any>;
  sendAudio(pcm: Buffer): Promise<void>;
  end(): void;
}

/** Opens the dictation socket as a signed-in client would. */
export function openAudioSocket(
  server: TestServer,
  client: Client,
  worldId = 'innovation-lab',
  path = AUDIO_SOCKET_PATH,
): AudioSocket {
  const ws = new WebSocket(
    `${server.wsUrl}${path}?worldId=${encodeURIComponent(worldId)}&browser=test-browser`,
    { headers: { cookie: client.cookieHeader } },
  );
  const replies: any[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  ws.on('message', (data, isBinary) => {
    replies.push(isBinary ? { binary: data } : JSON.parse(data.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      waiters.splice(0).forEach((w) => w());
    }),
  );
  const next = (timeoutMs = 10_000): Promise<any> =>
    new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no reply within ${timeoutMs} ms; got ${JSON.stringify(replies)}`)),
        timeoutMs,
      );
      const check = () => {
        if (taken < replies.length) {
          clearTimeout(t);
          resolve(replies[taken++]);
        } else if (ws.readyState === ws.CLOSED) {
          clearTimeout(t);
          reject(new Error(`socket closed; got ${JSON.stringify(replies)}`));
        } else waiters.push(check);
      };
      check();
    });
  return {
    ws,
    replies,
    opened,
    closed,
    next,
    async closing(timeoutMs = 20_000) {
      for (;;) {
        const reply = await next(timeoutMs);
        if (reply.error !== undefined || reply.isFinal) return reply;
      }
    },
    async sendAudio(pcm) {
      await opened;
      for (const chunk of chunks(pcm)) ws.send(chunk);
    },
    end() {
      ws.send(JSON.stringify({ type: 'end' }));
    },
  };
}

/** Pids of pocketsphinx processes this (test) process started, zombies included. */
export function recogniserPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith('pocketsphinx')) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/** Waits until `check` holds, polling every 20 ms. */
export async function until(
  check: () => boolean,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface FakeTranscription {
  baseUrl: string;
  requests: { headers: IncomingHttpHeaders; path: string; form: FormData }[];
  close(): Promise<void>;
}

/** An OpenAI-compatible transcription endpoint on the loopback (the network edge of the tests). */
export async function fakeTranscriptionServer(
  answer: (form: FormData) => { status: number; body: unknown },
): Promise<FakeTranscription> {
  const requests: FakeTranscription['requests'] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', async () => {
      const form = await new Response(Buffer.concat(parts), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      requests.push({ headers: req.headers, path: req.url ?? '', form });
      const { status, body } = answer(form);
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
