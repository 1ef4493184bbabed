import WebSocket from 'ws';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import { upload, type UploadFile } from '../tests/server/driveHelpers';
import { Client } from '../tests/server/harness';
import {
  inflatingPdf,
  nestedJson,
  nestedJsonObjects,
  percentile,
  probeLatency,
  scriptFlood,
} from '../tests/server/hostileFiles';
import type { BenchResult } from './report';

const WORLD = 'innovation-lab';
const DRIVE = 'Library';

/** The files of issue 14; quick mode sends one of each kind, smaller. */
async function hostileFiles(quick: boolean): Promise<UploadFile[]> {
  if (quick) {
    return [
      { name: 'flood.html', data: scriptFlood() },
      { name: 'text-ops.pdf', data: await inflatingPdf(100 * 1024 * 1024) },
      { name: 'deep.json', data: nestedJson() },
    ];
  }
  return [
    ...[0, 1, 2, 3].map((i) => ({ name: `flood-${i}.html`, data: scriptFlood(40_000 + i) })),
    { name: 'text-ops.pdf', data: await inflatingPdf(900 * 1024 * 1024) },
    { name: 'path-ops.pdf', data: await inflatingPdf(500 * 1024 * 1024, '0 0 m 1 1 l S\n') },
    { name: 'save-restore.pdf', data: await inflatingPdf(500 * 1024 * 1024, 'q Q\n') },
    { name: 'deep-arrays.json', data: nestedJson(1_000_000) },
    { name: 'deeper-arrays.json', data: nestedJson(4_000_000) },
    { name: 'deep-objects.json', data: nestedJsonObjects(500_000) },
  ];
}

/** Resolves when a text search finds `word` (the indexer works in upload order). */
async function searchable(client: Client, word: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.request('POST', `/api/drives/${DRIVE}/search/text`, {
      body: { query: word },
      headers: { 'X-World-Id': WORLD },
    });
    if (res.body?.data?.total > 0) return;
    if (Date.now() > end) throw new Error(`"${word}" was not indexed within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function openCogSocket(url: string, client: Client): Promise<WebSocket> {
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/api/ws/cog?browser=bench&worldId=${WORLD}&version=1.0.0`,
    { headers: { cookie: client.cookieHeader } },
  );
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve(ws)); // server.hello
    ws.once('error', reject);
  });
}

/**
 * Hostile uploads being extracted (DESIGN §8): a real server process gets the
 * files of issue 14 through the upload route, with its default limits, while
 * /api/health and a cog socket round trip are timed every 50 ms until a file
 * sent after them is searchable.
 */
export async function hostileUploadBench(opts: { quick?: boolean } = {}): Promise<BenchResult[]> {
  const quick = opts.quick ?? false;
  const files = await hostileFiles(quick);
  const server = await startServerProcess({ DEMO_SEED: '1' });
  try {
    const client = new Client(server.url);
    const signIn = await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    // Let start-up work settle first: the seed's documents and the semantic index's first load.
    await upload(client, server.url, DRIVE, [{ name: 'settled.md', data: 'quokka' }]);
    await searchable(client, 'quokka', 300_000);

    const socket = await openCogSocket(server.url, client);
    const probe = probeLatency({ url: server.url, socket });
    const started = performance.now();
    const sent = await upload(client, server.url, DRIVE, files, { path: 'hostile' });
    if (sent.status !== 200) throw new Error(`upload failed: ${sent.status}`);
    await upload(client, server.url, DRIVE, [{ name: 'after.md', data: 'axolotl' }]);
    await searchable(client, 'axolotl', 600_000);
    const seconds = (performance.now() - started) / 1000;
    const { health, socket: answers } = await probe.stop();
    socket.close();

    const detail = (xs: number[]) =>
      `${files.length} hostile files extracted in ${seconds.toFixed(1)} s; ${xs.length} answers: ` +
      `p50 ${percentile(xs, 0.5).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    return [
      {
        name: 'health while hostile uploads are extracted',
        value: Number(percentile(health, 0.99).toFixed(1)),
        unit: 'ms p99',
        budget: 100,
        kind: 'max',
        detail: detail(health),
      },
      {
        name: 'socket round trip while hostile uploads are extracted',
        value: Number(percentile(answers, 0.99).toFixed(1)),
        unit: 'ms p99',
        budget: 100,
        kind: 'max',
        detail: detail(answers),
      },
    ];
  } finally {
    await server.stop();
  }
}
