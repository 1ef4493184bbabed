import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepOrphanBlobs } from '../../../server/drives/orphanBlobs';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { upload } from '../driveHelpers';
import { Client } from '../harness';

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

describe('sweepOrphanBlobs', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-orphans-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('removes only blobs that are old, unreferenced and not held', async () => {
    const old = new Date(Date.now() - 3600_000);
    const orphan = plantBlob(root, Buffer.from('left by a crash'), old);
    const referenced = plantBlob(root, Buffer.from('a drive file'), old);
    const held = plantBlob(root, Buffer.from('being committed'), old);
    const young = plantBlob(root, Buffer.from('just written by another upload'));
    fs.writeFileSync(path.join(root, orphan.slice(0, 2), 'not-a-blob.txt'), 'x');

    const outcome = await sweepOrphanBlobs(
      {
        root,
        isReferenced: async (h) => h === referenced,
        isHeld: (h) => h === held,
        holdsTaken: () => 0,
      },
      Date.now() - 60_000,
    );
    expect(outcome).toEqual({ removed: 1, kept: 3 });
    expect(blobsOnDisk(root).sort()).toEqual([held, referenced, young, 'not-a-blob.txt'].sort());
  });

  it('keeps a blob whose bytes were committed again while the store answered', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-orphans-race-'));
    try {
      const old = new Date(Date.now() - 3600_000);
      const raced = plantBlob(own, Buffer.from('uploaded again during the sweep'), old);
      plantBlob(own, Buffer.from('nobody wants these bytes'), old);
      let holds = 0;
      const outcome = await sweepOrphanBlobs(
        {
          root: own,
          // The store looked before the row was written; meanwhile an upload of the same
          // bytes was received (held), committed and released.
          isReferenced: async (h) => {
            await new Promise((resolve) => setTimeout(resolve, 10));
            if (h === raced) holds++;
            return false;
          },
          isHeld: () => false,
          holdsTaken: () => holds,
        },
        Date.now() - 60_000,
      );
      expect(outcome).toEqual({ removed: 1, kept: 1 });
      expect(blobsOnDisk(own)).toEqual([raced]);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
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
