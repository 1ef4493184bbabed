import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import Database from 'better-sqlite3';
import { onPostgres, openTestStore } from '../harness';

let dataDir: string;
let store: Store;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-tx-'));
  store = await openTestStore(dataDir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('store.transaction', () => {
  it('commits what its repositories wrote when the work resolves', async () => {
    const answer = await store.transaction(async (tx) => {
      await tx.meta.set('a', '1');
      await tx.meta.set('b', '2');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await store.meta.get('a')).toBe('1');
    expect(await store.meta.get('b')).toBe('2');
  });

  it('rolls every write back when the work throws, and passes the error on', async () => {
    await store.meta.set('kept', 'before');
    const failed = store.transaction(async (tx) => {
      await tx.meta.set('kept', 'changed');
      await tx.meta.set('new', 'x');
      throw new Error('half way');
    });
    await expect(failed).rejects.toThrow('half way');
    expect(await store.meta.get('kept')).toBe('before');
    expect(await store.meta.get('new')).toBeUndefined();
  });

  it('closes the database so the data directory can be opened again', async () => {
    await store.meta.set('k', 'v');
    await store.close();
    store = await openTestStore(dataDir);
    expect(await store.meta.get('k')).toBe('v');
  });
});

describe.skipIf(onPostgres)('store.transaction on SQLite, beside another process', () => {
  it('takes the write lock as it begins: one that reads first is not refused for a write made meanwhile', async () => {
    await store.meta.set('counter', '1');
    // Another process on the same file (the CLI beside a running server), not waiting for locks.
    const other = new Database(path.join(dataDir, 'emgen.sqlite'));
    other.pragma('busy_timeout = 0');
    let othersWrite: unknown;
    try {
      const seen = await store.transaction(async (tx) => {
        const before = await tx.meta.get('counter');
        // Begun DEFERRED, the transaction held only a read snapshot here: the other process
        // wrote, and the write below failed at once ("database is locked"). Begun IMMEDIATE,
        // the other process is the one that waits its turn.
        try {
          other.prepare("UPDATE meta SET value = '100' WHERE key = 'counter'").run();
        } catch (err) {
          othersWrite = err;
        }
        await tx.meta.set('counter', String(Number(before) + 1));
        return before;
      });
      expect(seen).toBe('1');
      expect(String(othersWrite)).toMatch(/database is locked/);
      expect(await store.meta.get('counter')).toBe('2');
      // Its turn came once the transaction ended.
      other.prepare("UPDATE meta SET value = '100' WHERE key = 'counter'").run();
      expect(await store.meta.get('counter')).toBe('100');
    } finally {
      other.close();
    }
  });
});
