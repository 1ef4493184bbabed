import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makePdf, upload, type UploadFile } from './driveHelpers';
import { Client, openSocket, startTestServer, type TestServer } from './harness';
import {
  inflatingPdf,
  nestedJson,
  nestedJsonObjects,
  percentile,
  probeLatency,
  scriptFlood,
  wordyText,
} from './hostileFiles';
import { longestStall } from './frames/sockets';

/**
 * Issue 14: no upload can stall the server. Text extraction runs in a worker
 * under limits (small ones here), so the event loop keeps answering while
 * hostile files are read, and each one ends indexed or marked with why not.
 */

const DRIVE = 'Docs';
const LIMIT_ERRORS = [
  'Not indexed: text extraction took longer than 2 s',
  'Not indexed: text extraction needed more than 128 MB of memory',
];
/**
 * The budget is 100 ms; this machine is shared and loaded, so single
 * answers may be late for reasons of its own. Before the fix the server did
 * not answer for 17 s (the HTML) and in bursts of 200 ms for minutes (the PDF).
 */
const MEDIAN_BOUND_MS = 100;
const WORST_BOUND_MS = 1000;

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ EXTRACT_TIMEOUT_MS: 2000, EXTRACT_MEMORY_MB: 128 });
  admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
});
afterAll(async () => {
  await server.close();
});

async function hostileFiles(): Promise<UploadFile[]> {
  return [
    ...[40_000, 40_001, 40_002, 40_003].map((n, i) => ({
      name: `flood-${i}.html`,
      data: scriptFlood(n),
    })),
    { name: 'text-ops.pdf', data: await inflatingPdf(500 * 1024 * 1024) },
    { name: 'path-ops.pdf', data: await inflatingPdf(300 * 1024 * 1024, '0 0 m 1 1 l S\n') },
    { name: 'save-restore.pdf', data: await inflatingPdf(300 * 1024 * 1024, 'q Q\n') },
    { name: 'deep-arrays.json', data: nestedJson(1_000_000) },
    { name: 'deeper-arrays.json', data: nestedJson(4_000_000) },
    { name: 'deep-objects.json', data: nestedJsonObjects(500_000) },
  ];
}

const fileInfo = async (path: string) =>
  (await call(admin, 'GET', `/api/drives/${DRIVE}/files/${path}`)).body.data;

async function download(path: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/drives/${DRIVE}/files/${path}?download=true`, {
    headers: { cookie: admin.cookieHeader, 'X-World-Id': 'innovation-lab' },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('ten hostile uploads', () => {
  it('leave health and the socket answering, end indexed or marked, and stay downloadable', async () => {
    const files = await hostileFiles();
    expect(files).toHaveLength(10);
    // The first file after a start also loads the semantic index's word vectors on
    // the event loop; that is not extraction, so it happens before measuring.
    await upload(admin, server.url, DRIVE, [{ name: 'first.md', data: 'Warming up' }]);
    await server.drives.whenIndexed();
    const socket = openSocket(server, admin);
    await socket.next('server.hello');
    const probe = probeLatency({ url: server.url, socket: socket.ws });

    const res = await upload(admin, server.url, DRIVE, files, { path: 'hostile' });
    expect(res.status).toBe(200);
    // Normal files sent after the hostile ones wait their turn, then are indexed as usual.
    const normal = await upload(
      admin,
      server.url,
      DRIVE,
      [
        { name: 'notes.md', data: '# Quarterly plan\nThe zeppelin hangar opens in spring.' },
        { name: 'page.html', data: '<p>Lighthouse &amp; harbour</p><script>no()</script>' },
        { name: 'paper.pdf', data: makePdf('Photosynthesis converts sunlight') },
      ],
      { path: 'normal' },
    );
    expect(normal.status).toBe(200);
    await server.drives.whenIndexed();
    const { health, socket: answers } = await probe.stop();
    socket.ws.close();

    const figures = (xs: number[]) =>
      `p50 ${percentile(xs, 0.5).toFixed(0)} ms, p99 ${percentile(xs, 0.99).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms over ${xs.length}`;
    console.log(`during extraction: health ${figures(health)}; socket ${figures(answers)}`);
    expect(health.length).toBeGreaterThan(20);
    expect(answers.length).toBe(health.length);
    expect(percentile(health, 0.5)).toBeLessThan(MEDIAN_BOUND_MS);
    expect(percentile(answers, 0.5)).toBeLessThan(MEDIAN_BOUND_MS);
    expect(Math.max(...health)).toBeLessThan(WORST_BOUND_MS);
    expect(Math.max(...answers)).toBeLessThan(WORST_BOUND_MS);

    for (const f of files) {
      const path = `hostile/${f.name}`;
      const row = (await server.store.drives.fileByPath(
        (await server.drives.driveByName('innovation-lab', DRIVE))!.id,
        path,
      ))!;
      expect(row.indexed_at, path).not.toBeNull();
      const info = await fileInfo(path);
      if (f.name.endsWith('.pdf')) expect(LIMIT_ERRORS, path).toContain(info.IndexError);
      else if (f.name.endsWith('.html')) expect(info.IndexError, path).toBeUndefined();
      else if (info.IndexError !== undefined) expect(LIMIT_ERRORS, path).toContain(info.IndexError);
      expect((await download(path)).equals(f.data as Buffer), path).toBe(true);
    }

    for (const [query, path] of [
      ['zeppelin', 'normal/notes.md'],
      ['lighthouse harbour', 'normal/page.html'],
      ['photosynthesis', 'normal/paper.pdf'],
    ]) {
      const found = await call(admin, 'POST', `/api/drives/${DRIVE}/search/text`, { query });
      expect(
        found.body.data.results.map((r: any) => r.File.Path),
        query,
      ).toEqual([path]);
    }
    // Why a file is not indexed also reaches the world's console.
    const consoleLines = (await server.store.console.list('innovation-lab')).map((m) => m.message);
    expect(consoleLines).toContainEqual(
      expect.stringMatching(/^Indexing hostile\/text-ops\.pdf: Not indexed: /),
    );
  }, 120_000);
});

describe('a huge plain text', () => {
  it('is indexed for words and meaning without holding the event loop', async () => {
    // Before issue 14 the semantic index analysed 2 MB of words in one go: 850 ms held.
    const text = wordyText(2_000_000);
    const stall = await longestStall(async () => {
      const sent = await upload(admin, server.url, DRIVE, [{ name: 'huge/words.txt', data: text }]);
      expect(sent.status).toBe(200);
      await server.drives.whenIndexed();
    });
    console.log(`indexing 2 MB of words held the loop at most ${stall.toFixed(0)} ms`);
    expect(stall).toBeLessThan(300);
    const last = text.trim().split(/\W+/).at(-1)!;
    for (const kind of ['text', 'semantic']) {
      const found = await call(admin, 'POST', `/api/drives/${DRIVE}/search/${kind}`, {
        query: last,
      });
      expect(
        found.body.data.results.map((r: any) => r.File.Path),
        `${kind} search for "${last}"`,
      ).toContain('huge/words.txt');
    }
  }, 60_000);
});

describe('the size limit', () => {
  it('leaves a PDF over EXTRACT_MAX_BYTES unread and marked; other files are read from their head', async () => {
    const small = await startTestServer({ EXTRACT_MAX_BYTES: 4096 });
    try {
      const client = new Client(small.url);
      await client.signIn();
      await small.drives.ensureDrive('innovation-lab', DRIVE);
      const pdf = makePdf(`Photosynthesis ${'leaf '.repeat(1000)}`);
      expect(pdf.length).toBeGreaterThan(4096);
      const sent = await upload(client, small.url, DRIVE, [
        { name: 'big.pdf', data: pdf },
        { name: 'long.txt', data: `capybara ${'filler '.repeat(1000)}wombat` },
      ]);
      expect(sent.status).toBe(200);
      await small.drives.whenIndexed();
      const info = async (path: string) =>
        (await call(client, 'GET', `/api/drives/${DRIVE}/files/${path}`)).body.data;
      expect((await info('big.pdf')).IndexError).toBe(
        'Not indexed: the file is larger than 4096 bytes',
      );
      expect((await info('long.txt')).IndexError).toBeUndefined();
      const found = async (query: string) =>
        (await call(client, 'POST', `/api/drives/${DRIVE}/search/text`, { query })).body.data
          .results.length;
      expect(await found('capybara')).toBe(1);
      expect(await found('wombat')).toBe(0); // past the first 4096 bytes
      expect(await found('photosynthesis')).toBe(0);
    } finally {
      await small.close();
    }
  });
});
