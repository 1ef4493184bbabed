import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_INDEX_RETRIES } from '../../../server/drives/indexer';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import { call, upload } from '../driveHelpers';
import { Client, startTestServer, type TestServer } from '../harness';
import { newMember } from '../revocationHelpers';

/**
 * Issue 16: text extraction and indexing through a real queue. Two servers
 * on one store and one Redis, as two instances behind a balancer: what is
 * uploaded through one is listed, downloadable and found (by its words and
 * by its meaning) through the other within seconds; each file version is
 * extracted once across both; a failure shows as failed with its reason,
 * is retried with backoff a bounded number of times, and an administrator
 * can queue it again. The same rules hold for the in-process queue.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const WORLD = 'innovation-lab';
const DRIVE = 'Shared';
const RETRY_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: string, pred: () => boolean | Promise<boolean>, ms = 20_000) => {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
};

const DOGS =
  'Canine nutrition: puppies need more protein and fat than adult hounds; give measured portions ' +
  'twice a day and avoid chocolate, grapes and onions.';

async function signedIn(server: TestServer): Promise<Client> {
  const client = new Client(server.url);
  await client.signIn();
  return client;
}

/** The admin drive table's rows, as the API gives them. */
async function listed(client: Client): Promise<Record<string, any>[]> {
  const res = await call(client, 'GET', `/api/drives/${DRIVE}/files?limit=100`);
  expect(res.status).toBe(200);
  return res.body.data.data.Files;
}

async function stateOf(client: Client, filePath: string) {
  return (await listed(client)).find((f) => f.Path === filePath);
}

async function searchPaths(client: Client, kind: 'text' | 'semantic', query: string) {
  const res = await call(client, 'POST', `/api/drives/${DRIVE}/search/${kind}`, { query });
  expect(res.status).toBe(200);
  return (res.body.data.results as { File: { Path: string } }[]).map((r) => r.File.Path);
}

/** Failures the indexer reported for one file, with when (both servers share this process's stderr). */
function failuresOf(lines: { at: number; text: string }[], fileId: number) {
  return lines.filter((l) => l.text.startsWith(`Indexing file ${fileId} failed`));
}

function recordErrors() {
  const lines: { at: number; text: string }[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push({ at: Date.now(), text: args.map(String).join(' ') });
  });
  return { lines, restore: () => spy.mockRestore() };
}

/**
 * A row whose blob is not in the blob store (a shared mount missing on the
 * instance, say): indexing fails for a reason outside the file, and is retried.
 */
async function fileWithMissingBlob(server: TestServer, filePath: string, text: string) {
  const drive = await server.drives.ensureDrive(WORLD, DRIVE);
  const bytes = Buffer.from(text);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const { row } = await server.store.drives.upsertFile({
    driveId: drive.id,
    path: filePath,
    name: filePath,
    mimeType: 'text/markdown',
    size: bytes.length,
    hash,
  });
  server.drives.indexer.enqueue(row);
  /** Puts the bytes where they belong, as the mount coming back would. */
  const restore = async () => {
    const temp = path.join(server.drives.blobs.tmpDir, `restore-${hash}`);
    fs.mkdirSync(path.dirname(temp), { recursive: true });
    fs.writeFileSync(temp, bytes);
    await server.drives.blobs.publish(hash, temp);
  };
  return { row, restore };
}

/** A failing file: shown failed with its reason, tried 1 + MAX_INDEX_RETRIES times at growing gaps, then retried by an admin. */
async function failsRetriesAndIsRetriedByAnAdmin(servers: TestServer[], admin: Client) {
  const errors = recordErrors();
  try {
    const { row, restore } = await fileWithMissingBlob(
      servers[0]!,
      'missing-bytes.md',
      'The quokka census note.',
    );
    await until('the file failed with its reason', async () => {
      const file = await stateOf(admin, 'missing-bytes.md');
      return file?.IndexState === 'failed';
    });
    const failed = await stateOf(admin, 'missing-bytes.md');
    expect(failed!.IndexError).toMatch(/^Indexing failed: /);

    await until(
      'every retry made',
      () => failuresOf(errors.lines, row.id).length === MAX_INDEX_RETRIES + 1,
      30_000,
    );
    // Given up: no further try comes, however long one waits for it.
    await sleep(RETRY_MS * 2 ** MAX_INDEX_RETRIES * 1.5);
    const tries = failuresOf(errors.lines, row.id);
    expect(tries).toHaveLength(MAX_INDEX_RETRIES + 1);
    // Backoff: each wait is at least the policy's, which doubles.
    for (let i = 1; i < tries.length; i++) {
      expect(tries[i]!.at - tries[i - 1]!.at).toBeGreaterThanOrEqual(RETRY_MS * 2 ** (i - 1) - 50);
    }
    expect(tries[0]!.text).toContain('(it is queued again later)');
    expect((await stateOf(admin, 'missing-bytes.md'))!.IndexState).toBe('failed');
    expect(await searchPaths(admin, 'text', 'quokka')).toEqual([]);

    // Only an administrator of the world may queue it again.
    const member = await newMember(servers[0]!);
    const refused = await call(
      member.client,
      'POST',
      `/api/drives/${DRIVE}/reindex/missing-bytes.md`,
    );
    expect(refused.status).toBe(403);
    await restore();
    const retried = await call(admin, 'POST', `/api/drives/${DRIVE}/reindex/missing-bytes.md`);
    expect(retried.status).toBe(200);
    expect(retried.body.data.Path).toBe('missing-bytes.md');
    await until(
      'the retried file indexed',
      async () => (await stateOf(admin, 'missing-bytes.md'))?.IndexState === 'indexed',
    );
    expect((await stateOf(admin, 'missing-bytes.md'))!.IndexError).toBeUndefined();
    expect(await searchPaths(admin, 'text', 'quokka')).toEqual(['missing-bytes.md']);
    const unknown = await call(admin, 'POST', `/api/drives/${DRIVE}/reindex/nothing-here.md`);
    expect(unknown.status).toBe(404);
  } finally {
    errors.restore();
  }
}

describe('indexing on the in-process queue (no REDIS_URL)', () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer({}, { indexQueueTiming: { retryMs: RETRY_MS } });
    admin = await signedIn(server);
  }, 60_000);
  afterAll(async () => server?.close());

  it('shows each file queued, then indexed, and the depth the metrics report', async () => {
    await server.drives.ensureDrive(WORLD, DRIVE);
    const sent = await upload(admin, server.url, DRIVE, [
      { name: 'one.md', data: 'A note about pelicans.' },
    ]);
    expect(sent.status).toBe(200);
    // The upload answers before the file is read: it says so.
    expect(['queued', 'running', 'indexed']).toContain(sent.body.data.files[0].IndexState);
    await server.drives.whenIndexed();
    expect((await stateOf(admin, 'one.md'))!.IndexState).toBe('indexed');
    expect(await server.drives.indexer.depth()).toBe(0);
    const metrics = await server.metrics.registry.getSingleMetricAsString(
      'emgen_indexing_queue_depth',
    );
    expect(metrics).toMatch(/^emgen_indexing_queue_depth 0$/m);
  });

  it('shows a failing file failed with its reason, retries it with backoff, and lets an admin retry it', async () => {
    await failsRetriesAndIsRetriedByAnAdmin([server], admin);
  }, 60_000);
});

describe.skipIf(!installed)('indexing on two instances sharing one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;
  let onA: Client;
  let onB: Client;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-queue-'));
    const timing = { indexQueueTiming: { retryMs: RETRY_MS, lockMs: 3000 }, dataDir };
    a = await startTestServer({ REDIS_URL: redis.url }, timing);
    b = await startTestServer({ REDIS_URL: redis.url }, timing);
    onA = await signedIn(a);
    onB = await signedIn(b);
    await a.drives.ensureDrive(WORLD, DRIVE);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // Two servers stopping on a busy machine.
  }, 60_000);
  afterEach(async () => {
    await a.drives.whenIndexed();
  }, 30_000);

  it('an upload through one is listed, downloadable and found by words and meaning through the other', async () => {
    // B has its semantic index in memory before the file exists: it must hear of the new vectors.
    expect(await searchPaths(onB, 'semantic', 'dog food')).toEqual([]);
    expect(await searchPaths(onA, 'semantic', 'dog food')).toEqual([]);
    const started = Date.now();
    const sent = await upload(onA, a.url, DRIVE, [{ name: 'hounds.md', data: DOGS }]);
    expect(sent.status).toBe(200);

    expect((await listed(onB)).map((f) => f.Path)).toContain('hounds.md');
    const download = await fetch(`${b.url}/api/drives/${DRIVE}/files/hounds.md?download=true`, {
      headers: { cookie: onB.cookieHeader, 'X-World-Id': WORLD },
    });
    expect(await download.text()).toBe(DOGS);

    await until('found by its words through B', async () =>
      (await searchPaths(onB, 'text', 'puppies')).includes('hounds.md'),
    );
    // Whichever instance indexed it, both find it by meaning (no word shared with the query).
    for (const client of [onB, onA]) {
      await until('found by meaning through both', async () =>
        (await searchPaths(client, 'semantic', 'dog food')).includes('hounds.md'),
      );
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await stateOf(onB, 'hounds.md'))!.IndexState).toBe('indexed');
  }, 60_000);

  it('extracts each file version once across both instances, however often it is queued', async () => {
    await a.drives.whenIndexed();
    const before = a.drives.indexer.extractions + b.drives.indexer.extractions;
    const files = Array.from({ length: 6 }, (_, i) => ({
      name: `batch-${i}.md`,
      data: `Batch note ${i} about the lighthouse keeper.`,
    }));
    const sent = await upload(onA, a.url, DRIVE, files);
    expect(sent.status).toBe(200);
    // Both instances scan for unindexed files at once, as two starting together would.
    await Promise.all([a.drives.indexer.resumePending(), b.drives.indexer.resumePending()]);
    await until('the batch indexed', async () => {
      const rows = (await listed(onB)).filter((f) => f.Path.startsWith('batch-'));
      return rows.length === files.length && rows.every((f) => f.IndexState === 'indexed');
    });
    await b.drives.whenIndexed();
    expect(a.drives.indexer.extractions + b.drives.indexer.extractions - before).toBe(files.length);
    const drive = (await a.drives.driveByName(WORLD, DRIVE))!;
    for (const f of files) {
      expect((await a.store.drives.fileByPath(drive.id, f.name))!.index_attempts).toBe(1);
    }
    expect(await searchPaths(onB, 'text', 'lighthouse')).toHaveLength(files.length);
    expect(await a.drives.indexer.depth()).toBe(0);
    expect(await b.drives.indexer.depth()).toBe(0);
  }, 60_000);

  it('shows a failing file failed with its reason on both, retries it with backoff, and lets an admin retry it', async () => {
    await failsRetriesAndIsRetriedByAnAdmin([a, b], onB);
  }, 60_000);

  it('answers uploads while Redis is down and indexes them once it is back, even empty', async () => {
    await redis.down();
    try {
      const started = Date.now();
      const sent = await upload(onA, a.url, DRIVE, [
        { name: 'outage.md', data: 'Written while Redis was away: the narwhal tally.' },
      ]);
      expect(sent.status).toBe(200);
      // The upload does not wait for the queue.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await stateOf(onB, 'outage.md'))!.IndexState).toBe('queued');
    } finally {
      // Back with nothing of what it held (no persistence): the instances queue what is unindexed again.
      await redis.up();
    }
    await until(
      'the file indexed after the outage',
      async () => (await stateOf(onB, 'outage.md'))?.IndexState === 'indexed',
      30_000,
    );
    expect(await searchPaths(onA, 'text', 'narwhal')).toEqual(['outage.md']);
    const drive = (await a.drives.driveByName(WORLD, DRIVE))!;
    expect((await a.store.drives.fileByPath(drive.id, 'outage.md'))!.index_attempts).toBe(1);
  }, 60_000);

  it('counts the shared queue in each instance metrics', async () => {
    const depth = await a.metrics.registry.getSingleMetricAsString('emgen_indexing_queue_depth');
    expect(depth).toMatch(/^emgen_indexing_queue_depth 0$/m);
  });
});
