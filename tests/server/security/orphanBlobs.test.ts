import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../../server/drives/blobs/fsStore';
import { BlobLeases, type BlobLease } from '../../../server/drives/blobs/leases';
import { sweepOrphanBlobs } from '../../../server/drives/orphanBlobs';
import { seedDemo } from '../../../server/seed/demo';
import type { Store } from '../../../server/store';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { upload } from '../driveHelpers';
import { ADMIN, Client, openTestStore } from '../harness';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Writes bytes where the blob store keeps them, as a crash would have left them. */
function plantBlob(root: string, bytes: Buffer, mtime?: Date): string {
  const hash = sha(bytes);
  fs.mkdirSync(path.join(root, hash.slice(0, 2)), { recursive: true });
  const file = path.join(root, hash.slice(0, 2), hash);
  fs.writeFileSync(file, bytes);
  if (mtime) fs.utimesSync(file, mtime, mtime);
  return hash;
}

const blobsOnDisk = (root: string) =>
  fs.existsSync(root)
    ? fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)))
    : [];

function referencedHashes(dataDir: string): Set<string> {
  const db = new Database(path.join(dataDir, 'emgen.sqlite'), { readonly: true });
  try {
    return new Set(
      (db.prepare('SELECT hash FROM drive_files').all() as { hash: string }[]).map((r) => r.hash),
    );
  } finally {
    db.close();
  }
}

/** A pid no process has: that of a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('sweepOrphanBlobs', () => {
  let dir: string;
  let store: Store;
  /** A blob directory of its own for each test. */
  let blobs: FsBlobStore;
  /** This instance, and another sharing its store and blob directory. */
  let mine: BlobLeases;
  let other: BlobLeases;
  let driveId: string;
  const log = (message: string, err: unknown) => console.error(message, err);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-orphans-'));
    store = await openTestStore(dir);
    await seedDemo(store, ADMIN);
    driveId = (
      await store.drives.ensureDrive({ worldId: 'innovation-lab', name: 'D', appName: null })
    ).id;
    mine = new BlobLeases(store.blobLeases, { log });
    other = new BlobLeases(store.blobLeases, { log });
    await Promise.all([mine.ready, other.ready]);
  });
  beforeEach(() => {
    const own = fs.mkdtempSync(path.join(dir, 'blobs-'));
    blobs = new FsBlobStore(path.join(own, 'blobs'), path.join(own, 'tmp'));
  });
  afterAll(async () => {
    await mine.close();
    await other.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const refer = (hash: string, name: string) =>
    store.drives.upsertFile({
      driveId,
      path: name,
      name,
      mimeType: 'application/octet-stream',
      size: 1,
      hash,
    });

  it('removes only blobs that are old, unreferenced and leased by no live writer', async () => {
    const root = blobs.root;
    const old = new Date(Date.now() - 3600_000);
    const orphan = plantBlob(root, Buffer.from('left by a crash'), old);
    const referenced = plantBlob(root, Buffer.from('a drive file'), old);
    await refer(referenced, 'referenced.bin');
    const leased = plantBlob(root, Buffer.from('being committed by another instance'), old);
    const lease = await other.take(leased);
    const young = plantBlob(root, Buffer.from('just written by another upload'));
    fs.writeFileSync(path.join(root, orphan.slice(0, 2), 'not-a-blob.txt'), 'x');

    const outcome = await sweepOrphanBlobs({ blobs, leases: mine }, Date.now() - 60_000);
    expect(outcome).toEqual({ removed: 1, kept: 3 });
    expect(blobsOnDisk(root).sort()).toEqual([leased, referenced, young, 'not-a-blob.txt'].sort());
    await lease.release();
  });

  it('puts a blob back when another instance leased it while the sweep asked', async () => {
    const raced = plantBlob(blobs.root, Buffer.from('uploaded again during the sweep'));
    let lease: BlobLease | undefined;
    const outcome = await sweepOrphanBlobs(
      {
        blobs,
        leases: {
          forgetDead: () => mine.forgetDead(),
          // The store answers "unwanted"; meanwhile the other instance leases
          // these bytes and finds them present, so it will not write them.
          isWanted: async (hash) => {
            const wanted = await mine.isWanted(hash);
            if (hash === raced && !lease) lease = await other.take(hash);
            return wanted;
          },
        },
      },
      Date.now() + 60_000,
    );
    expect(lease).toBeDefined();
    expect(outcome.removed).toBe(0);
    expect(blobsOnDisk(blobs.root)).toContain(raced);
    expect(fs.readdirSync(blobs.tmpDir).filter((n) => n.endsWith('.quarantined'))).toEqual([]);
    await lease!.release();
  });

  it("forgets a dead writer: its leases and temp files count no more, a live one's do", async () => {
    const gone = { id: 'dead0001', host: mine.writer.host, pid: deadPid(), started_at: 1 };
    const deadHash = plantBlob(blobs.root, Buffer.from('lease of a killed process'));
    await store.blobLeases.take(gone, deadHash, Date.now());
    const silent = { id: 'silent01', host: 'elsewhere', pid: 1, started_at: 1 };
    const silentHash = plantBlob(blobs.root, Buffer.from('lease of a silent host'));
    await store.blobLeases.take(silent, silentHash, Date.now() - 6 * 60_000);
    const liveHash = plantBlob(blobs.root, Buffer.from('lease of a live instance'));
    const lease = await other.take(liveHash);
    const deadTemp = path.join(blobs.tmpDir, `${gone.id}.0a0a.part`);
    const liveTemp = path.join(blobs.tmpDir, `${other.writer.id}.0b0b.part`);
    const legacyTemp = path.join(blobs.tmpDir, '1700000000000-0c0c.part');
    for (const f of [deadTemp, liveTemp, legacyTemp]) fs.writeFileSync(f, 'partial upload');
    fs.utimesSync(legacyTemp, new Date(Date.now() - 5000), new Date(Date.now() - 5000));

    await sweepOrphanBlobs({ blobs, leases: mine }, Date.now() + 60_000);
    expect(blobsOnDisk(blobs.root)).toEqual([liveHash]);
    expect(fs.existsSync(liveTemp)).toBe(true);
    expect(fs.existsSync(deadTemp)).toBe(false);
    expect(fs.existsSync(legacyTemp)).toBe(false);
    expect((await store.blobLeases.writers()).map((w) => w.id).sort()).toEqual(
      [mine.writer.id, other.writer.id].sort(),
    );
    await lease.release();
    fs.rmSync(liveTemp);
  });
});

describe('after kill -9 during a burst of uploads', () => {
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  afterAll(async () => {
    await second?.stop();
    if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('the restarted server leaves no orphan blob and loses no referenced one', async () => {
    first = await startServerProcess({ DEMO_SEED: '1' });
    const client = new Client(first.url);
    expect((await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
    const root = path.join(first.dataDir, 'blobs');
    // A committed file, so the sweep has something it must keep.
    const kept = randomBytes(2048);
    expect(
      (await upload(client, first.url, 'Library', [{ name: 'kept.bin', data: kept }])).status,
    ).toBe(200);

    const burst = Array.from({ length: 40 }, (_, i) =>
      upload(client, first!.url, 'Library', [
        { name: `burst-${i}.bin`, data: randomBytes(256 * 1024) },
      ]).catch(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 150));
    first.child.kill('SIGKILL');
    await Promise.all(burst);
    if (first.child.exitCode === null && first.child.signalCode === null)
      await new Promise((r) => first!.child.once('exit', r));
    // What a crash can leave in the worst case, whatever this run's timing was.
    const planted = plantBlob(root, randomBytes(1000), new Date(Date.now() - 5000));

    second = await startServerProcess({ DATA_DIR: first.dataDir, DEMO_SEED: '1' });
    let onDisk: string[] = [];
    let referenced = new Set<string>();
    for (let i = 0; i < 100; i++) {
      onDisk = blobsOnDisk(root);
      referenced = referencedHashes(first.dataDir);
      if (!onDisk.some((h) => !referenced.has(h))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(onDisk).not.toContain(planted);
    expect(onDisk.filter((h) => !referenced.has(h))).toEqual([]);
    expect([...referenced].filter((h) => !onDisk.includes(h))).toEqual([]);
    expect(referenced).toContain(sha(kept));
    expect(fs.readdirSync(path.join(first.dataDir, 'tmp'))).toEqual([]);
  }, 90_000);
});
