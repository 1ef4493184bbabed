import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password';
import { openStore, type Store } from '../../server/store';
import { connectDb, migrate } from '../../server/store/db';
import { seedDemo } from '../../server/seed/demo';

let store: Store | undefined;
afterEach(() => store?.close());

function fresh(): Store {
  return openStore(fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-store-')), {
    sessionTtlMs: 60_000,
  });
}

describe('store and demo seed', () => {
  it('applies migrations once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-store-'));
    await openStore(dir, { sessionTtlMs: 60_000 }).close();
    const db = connectDb(dir);
    try {
      expect(migrate(db)).toEqual([]);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds two worlds, an admin of both, and the experts, once', async () => {
    store = fresh();
    const first = await seedDemo(store, { email: 'boss@test.local', password: 'boss-password' });
    expect(first.createdAdmin).toEqual({ email: 'boss@test.local', password: 'boss-password' });
    const again = await seedDemo(store, { email: 'boss@test.local', password: 'boss-password' });
    expect(again.createdAdmin).toBeUndefined();

    expect((await store.worlds.list()).map((w) => w.id).sort()).toEqual([
      'acme_research',
      'innovation-lab',
    ]);
    const admin = (await store.users.byEmail('BOSS@test.local'))!;
    expect(await verifyPassword('boss-password', admin.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', admin.password_hash)).toBe(false);
    expect((await store.users.worlds(admin.id)).every((w) => w.is_admin)).toBe(true);
    const experts = await store.experts.list();
    expect(experts.length).toBeGreaterThanOrEqual(4);
    for (const e of experts) {
      expect(e.name).toBeTruthy();
      expect(e.keywords.length).toBeGreaterThan(0);
      expect(e.home_link).toMatch(/^\/a\/experts\/p\//);
    }
  });

  it('keeps the console bounded per world', async () => {
    store = fresh();
    for (let i = 0; i < 2600; i++)
      await store.console.append('w', { app_name: 'a', from: 'system', message: `m${i}` });
    await store.console.trim('w');
    const all = await store.console.list('w', 10_000);
    expect(all.length).toBe(2000);
    expect(all.at(-1)!.message).toBe('m2599');
  });
});
