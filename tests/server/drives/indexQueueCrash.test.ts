import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import { call, upload } from '../driveHelpers';
import {
  ADMIN,
  Client,
  openTestStore,
  startTestServer,
  storeLocation,
  type TestServer,
} from '../harness';
import { startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { inflatingPdf } from '../hostileFiles';

/**
 * Issue 16: an instance killed (kill -9) while it extracts a file leaves its
 * job running in the shared queue; another instance takes it over once the
 * dead one's lock runs out and reads the file once, and the file queued
 * behind it once too. Nothing is extracted twice by the survivor, whose own
 * start-up scan finds the same files (same job ids).
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const WORLD = 'innovation-lab';
const DRIVE = 'Docs';
const LOCK_SECONDS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: string, pred: () => boolean | Promise<boolean>, ms = 30_000) => {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
};

/** The real server as its own process (node + tsx, as npm start runs it), on the test's store and Redis. */
function startProcess(dataDir: string, redisUrl: string): Promise<ServerProcess> {
  const location = storeLocation(dataDir);
  return startServerProcess({
    DATA_DIR: location.DATA_DIR,
    ...(location.DATABASE_URL ? { DATABASE_URL: location.DATABASE_URL } : {}),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_SEED: '0',
    REDIS_URL: redisUrl,
    JOB_LOCK_SECONDS: String(LOCK_SECONDS),
    EXTRACT_TIMEOUT_MS: '60000',
    EXTRACT_MEMORY_MB: '128',
  });
}

describe.skipIf(!installed)('an instance killed while it extracts a file', () => {
  let redis: TestRedis;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let survivor: TestServer | undefined;
  let store: Store | undefined;

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-queue-crash-'));
    // The store, its accounts and the drive, made by a first server that then stops cleanly.
    const first = await startTestServer({ REDIS_URL: redis.url }, { dataDir });
    await first.drives.ensureDrive(WORLD, DRIVE);
    await first.close();
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await survivor?.close();
    await store?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('has its file taken over by another instance and read once, and the one queued behind it once', async () => {
    const proc = await startProcess(dataDir, redis.url);
    child = proc.child;
    const client = new Client(proc.url);
    expect((await client.signIn()).status).toBe(200);
    const pdf = await inflatingPdf(500 * 1024 * 1024);
    const sent = await upload(client, proc.url, DRIVE, [
      { name: 'slow.pdf', data: pdf },
      { name: 'behind.md', data: 'Queued behind the slow file: the albatross log.' },
    ]);
    expect(sent.status).toBe(200);

    store = await openTestStore(dataDir);
    const drive = (await store.drives.driveByName(WORLD, DRIVE))!;
    const row = async (p: string) => (await store!.drives.fileByPath(drive.id, p))!;
    await until('the slow file being extracted', async () => {
      const slow = await row('slow.pdf');
      return slow.index_state === 'running' && slow.index_attempts === 1;
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    // Dead mid-extraction: the row says so, and the job is still the dead worker's in Redis.
    expect(await row('slow.pdf')).toMatchObject({ index_state: 'running', indexed_at: null });
    expect((await row('behind.md')).index_state).toBe('queued');

    survivor = await startTestServer(
      { REDIS_URL: redis.url, EXTRACT_TIMEOUT_MS: 2000, EXTRACT_MEMORY_MB: 128 },
      { dataDir, indexQueueTiming: { lockMs: LOCK_SECONDS * 1000 } },
    );
    await until(
      'both files done on the survivor',
      async () =>
        (await row('slow.pdf')).indexed_at !== null && (await row('behind.md')).indexed_at !== null,
      60_000,
    );
    await survivor.drives.whenIndexed();
    // Once each: the killed try and the survivor's for the slow file, one for the other.
    expect(survivor.drives.indexer.extractions).toBe(2);
    expect((await row('slow.pdf')).index_attempts).toBe(2);
    expect((await row('behind.md')).index_attempts).toBe(1);

    const admin = new Client(survivor.url);
    await admin.signIn();
    const files = (await call(admin, 'GET', `/api/drives/${DRIVE}/files`)).body.data.data.Files;
    const slow = files.find((f: { Path: string }) => f.Path === 'slow.pdf');
    expect(slow.IndexState).toBe('failed');
    expect(slow.IndexError).toMatch(
      /^Not indexed: text extraction (took longer than 2 s|needed more than 128 MB of memory)$/,
    );
    const behind = files.find((f: { Path: string }) => f.Path === 'behind.md');
    expect(behind.IndexState).toBe('indexed');
    const found = await call(admin, 'POST', `/api/drives/${DRIVE}/search/text`, {
      query: 'albatross',
    });
    expect(found.body.data.results.map((r: any) => r.File.Path)).toEqual(['behind.md']);
  }, 120_000);
});

describe.skipIf(!installed)('an instance stopped cleanly while it extracts a file', () => {
  let redis: TestRedis;
  let dataDir: string;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-queue-stop-'));
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => {});
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('gives the job back at once: another instance reads the file without waiting out the lock', async () => {
    // The default lock (30 s): a handover quicker than that was not a takeover of a dead job.
    const leaving = await startTestServer(
      { REDIS_URL: redis.url, EXTRACT_TIMEOUT_MS: 60_000, EXTRACT_MEMORY_MB: 128 },
      { dataDir },
    );
    servers.push(leaving);
    await leaving.drives.ensureDrive(WORLD, DRIVE);
    const client = new Client(leaving.url);
    await client.signIn();
    const slow = await inflatingPdf(400 * 1024 * 1024, 'q Q\n');
    expect(
      (await upload(client, leaving.url, DRIVE, [{ name: 'handed.pdf', data: slow }])).status,
    ).toBe(200);
    const drive = (await leaving.drives.driveByName(WORLD, DRIVE))!;
    const row = async () => (await leaving.store.drives.fileByPath(drive.id, 'handed.pdf'))!;
    await until('the file being extracted', async () => (await row()).index_state === 'running');
    // The metric follows the shared queue: the job in hand counts.
    expect(
      await leaving.metrics.registry.getSingleMetricAsString('emgen_indexing_queue_depth'),
    ).toMatch(/^emgen_indexing_queue_depth 1$/m);

    const staying = await startTestServer(
      { REDIS_URL: redis.url, EXTRACT_TIMEOUT_MS: 2000, EXTRACT_MEMORY_MB: 128 },
      { dataDir },
    );
    servers.push(staying);
    const stopping = Date.now();
    await leaving.close();
    servers.shift();
    const file = async () => (await staying.store.drives.fileByPath(drive.id, 'handed.pdf'))!;
    await until(
      'read by the other instance',
      async () => (await file()).indexed_at !== null,
      25_000,
    );
    expect(Date.now() - stopping).toBeLessThan(25_000);
    // The stopped try was taken back; the other instance's is the one counted.
    expect(await file()).toMatchObject({
      index_state: 'failed',
      index_error: 'Not indexed: text extraction took longer than 2 s',
      index_attempts: 1,
    });
    expect(staying.drives.indexer.extractions).toBe(1);
  }, 90_000);
});
