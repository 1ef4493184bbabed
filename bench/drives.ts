import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createConceptIndex } from '../server/drives/semantic';
import { openStore } from '../server/store';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import { Client, startTestServer } from '../tests/server/harness';
import type { BenchResult } from './report';

const FILES = 100_000;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

/** A vocabulary of real words, taken from the demo documents. */
function vocabulary(): string[] {
  const dir = 'server/seed/documents';
  const words = new Set<string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(md|txt|html)$/.test(e.name)) {
        for (const w of fs
          .readFileSync(p, 'utf8')
          .toLowerCase()
          .match(/[a-z]{4,12}/g) ?? [])
          words.add(w);
      }
    }
  };
  walk(dir);
  return [...words];
}

function randomText(words: string[], n: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(words[x % words.length]!);
  }
  return out.join(' ');
}

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  return times;
}

/** Listing and text search over 100,000 files, through the real HTTP server (DESIGN §8). */
export async function driveListingAndSearchBench(): Promise<BenchResult[]> {
  const server = await startTestServer();
  const words = vocabulary();
  const drive = await server.drives.ensureDrive('innovation-lab', 'Bench');
  const files = Array.from({ length: FILES }, (_, i) => {
    const body = randomText(words, 60, i + 1);
    return {
      path: `folder-${i % 100}/note-${i}.md`,
      mimeType: 'text/markdown',
      size: body.length,
      hash: createHash('sha256').update(body).digest('hex'),
      body,
    };
  });
  await server.store.drives.importIndexed(drive.id, files);
  const client = new Client(server.url);
  await client.signIn();
  const headers = { 'X-World-Id': 'innovation-lab' };
  try {
    const listing = await timed(200, (i) =>
      client.request(
        'GET',
        `/api/drives/Bench/files?offset=${(i * 4999) % (FILES - 20)}&limit=20`,
        { headers },
      ),
    );
    const queries = Array.from({ length: 200 }, (_, i) =>
      randomText(words, 1 + (i % 2), 7919 * (i + 3)),
    );
    const search = await timed(200, (i) =>
      client.request('POST', '/api/drives/Bench/search/text', {
        body: { query: queries[i], limit: 20 },
        headers,
      }),
    );
    return [
      {
        name: 'drive listing: page of 20 on 100,000 files',
        value: Number(percentile(listing, 0.95).toFixed(1)),
        unit: 'ms p95',
        budget: 20,
        kind: 'max',
        detail: `200 pages at spread offsets over HTTP; median ${percentile(listing, 0.5).toFixed(1)} ms`,
      },
      {
        name: 'text search over 100,000 files',
        value: Number(percentile(search, 0.95).toFixed(1)),
        unit: 'ms p95',
        budget: 50,
        kind: 'max',
        detail: `200 one- and two-word queries over HTTP; median ${percentile(search, 0.5).toFixed(1)} ms`,
      },
    ];
  } finally {
    await server.close();
  }
}

/** The offline concept index over 10,000 documents (issue 6 asks for the figure; DESIGN §8 sets no budget). */
export async function semanticSearchBench(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-bench-sem-'));
  const store = openStore(dir, { sessionTtlMs: 60_000 });
  const index = createConceptIndex({ rows: store.semanticRows, cacheDir: path.join(dir, 'cache') });
  const words = vocabulary();
  try {
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) {
      await index.upsert({ fileId: i + 1, driveId: 'bench', text: randomText(words, 120, i + 11) });
    }
    const indexSeconds = (performance.now() - started) / 1000;
    const queries = Array.from({ length: 100 }, (_, i) =>
      randomText(words, 2 + (i % 2), 104729 * (i + 5)),
    );
    await index.search({
      driveIds: ['bench'],
      query: queries[0]!,
      limit: 20,
      offset: 0,
      threshold: 0.25,
    });
    const times = await timed(100, (i) =>
      index.search({
        driveIds: ['bench'],
        query: queries[i]!,
        limit: 20,
        offset: 0,
        threshold: 0.25,
      }),
    );
    return [
      {
        name: 'semantic search over 10,000 documents',
        value: Number(percentile(times, 0.95).toFixed(1)),
        unit: 'ms p95',
        kind: 'max',
        detail: `offline concept index; median ${percentile(times, 0.5).toFixed(1)} ms; indexing took ${indexSeconds.toFixed(1)} s`,
      },
    ];
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** A 1 GB upload streamed to a real server process; its memory must stay flat (DESIGN §8). */
export async function uploadMemoryBench(): Promise<BenchResult> {
  const size = 1024 * 1024 * 1024;
  const server = await startServerProcess({ MAX_UPLOAD_BYTES: String(2 * size), DEMO_SEED: '1' });
  const pid = server.child.pid!;
  try {
    const client = new Client(server.url);
    const signIn = await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    await new Promise((r) => setTimeout(r, 1500)); // let start-up work (seed indexing) settle
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);

    const boundary = '----emgen-bench';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* body() {
      yield head;
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
      yield tail;
    }
    const started = performance.now();
    const res = await fetch(`${server.url}/api/drives/Library/files`, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        'x-csrf-token': client.cookies.get('emgen_csrf')!,
        'x-world-id': 'innovation-lab',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    return {
      name: 'server memory growth during a 1 GB upload',
      value: Math.round(peak - before),
      unit: 'MB',
      budget: 100,
      kind: 'max',
      detail: `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB; ${(1024 / seconds).toFixed(0)} MB/s`,
    };
  } finally {
    await server.stop();
  }
}
