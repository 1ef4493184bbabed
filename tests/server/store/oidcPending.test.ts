import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store';
import { openTestStore } from '../harness';

/** Pending OIDC sign-ins through the store seam (SQLite, and PostgreSQL on that run). */

let dataDir: string;
let store: Store;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-oidc-pending-'));
  store = await openTestStore(dataDir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const row = (state: string, createdAt: number) => ({
  state,
  verifier: `verifier-${state}`,
  nonce: `nonce-${state}`,
  next: null,
  world: state === 's1' ? 'innovation-lab' : null,
  created_at: createdAt,
});

describe('pending OIDC sign-ins', () => {
  it('gives a sign-in once, and not once it is older than asked', async () => {
    await store.oidcPending.add(row('s1', 1000));
    await store.oidcPending.add(row('s2', 1000));
    expect(await store.oidcPending.take('s1', 500)).toEqual(row('s1', 1000));
    expect(await store.oidcPending.take('s1', 500)).toBeUndefined();
    // Too old: refused, and gone all the same.
    expect(await store.oidcPending.take('s2', 2000)).toBeUndefined();
    expect(await store.oidcPending.count()).toBe(0);
  });

  it('prunes the expired ones and, past the cap, the oldest', async () => {
    for (let i = 1; i <= 6; i++) await store.oidcPending.add(row(`s${i}`, i * 1000));
    await store.oidcPending.prune(2000, 3);
    expect(await store.oidcPending.count()).toBe(3);
    for (const kept of ['s4', 's5', 's6'])
      expect((await store.oidcPending.take(kept, 0))?.state).toBe(kept);
    await store.oidcPending.prune(0, 10); // under the cap and nothing expired: a no-op
  });
});
