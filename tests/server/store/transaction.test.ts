import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import { openTestStore } from '../harness';

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
