import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchedGrantChecks } from '../../../server/auth/socketAdmission';
import { socketAccess } from '../../../server/auth/requestAuth';
import type { Store } from '../../../server/store';
import { openTestStore } from '../harness';

/**
 * The open sockets' grants checked many at once (the access sweep), through
 * the store seam (SQLite, and PostgreSQL on that run): the same answers as
 * socketAccess gives one socket at a time.
 */

let dataDir: string;
let store: Store;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-sessions-'));
  store = await openTestStore(dataDir);
  await store.worlds.create('w1', 'One');
  await store.worlds.create('w2', 'Two');
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function person(email: string, worlds: string[]): Promise<string> {
  const user = await store.users.create({ email, name: email, passwordHash: null });
  for (const w of worlds) await store.users.grant(user.id, w, false);
  return (await store.sessions.create(user.id)).token;
}

describe('grants checked together', () => {
  it('hold exactly where socketAccess admits, whatever ended them', async () => {
    const ann = await person('ann@x', ['w1']);
    const bob = await person('bob@x', ['w1', 'w2']);
    const signedOut = await person('cy@x', ['w1']);
    await store.sessions.delete(signedOut);
    const revoked = await person('dee@x', ['w1', 'w2']);
    await store.users.revoke((await store.users.byEmail('dee@x'))!.id, 'w2');
    const grants = [
      { token: ann, worldId: 'w1' },
      { token: ann, worldId: 'w2' },
      { token: bob, worldId: 'w2' },
      { token: bob, worldId: 'nowhere' },
      { token: signedOut, worldId: 'w1' },
      { token: 'never-issued', worldId: 'w1' },
      { token: revoked, worldId: 'w1' },
      { token: revoked, worldId: 'w2' },
    ];
    const held = await store.sessions.admittedAmong(grants);
    expect(held).toEqual([true, false, true, false, false, false, true, false]);
    for (const [i, g] of grants.entries())
      expect((await socketAccess(store, g.token, g.worldId)).ok).toBe(held[i]);
  });

  it('an expired session does not hold', async () => {
    await store.close();
    store = await openTestStore(dataDir, 50);
    const token = await person('ann@x', ['w1']);
    expect(await store.sessions.admittedAmong([{ token, worldId: 'w1' }])).toEqual([true]);
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.sessions.admittedAmong([{ token, worldId: 'w1' }])).toEqual([false]);
  });

  it('answers for more sessions than one query carries', async () => {
    const user = await store.users.create({ email: 'many@x', name: 'Many', passwordHash: null });
    await store.users.grant(user.id, 'w1', false);
    const tokens = await store.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < 1200; i++) made.push((await tx.sessions.create(user.id)).token);
      return made;
    });
    await store.sessions.delete(tokens[700]!);
    const held = await store.sessions.admittedAmong(
      tokens.map((token) => ({ token, worldId: 'w1' })),
    );
    expect(held.filter(Boolean)).toHaveLength(1199);
    expect(held[700]).toBe(false);
  });

  it('a sweep asking for every socket at once is answered with the reasons socketAccess gives', async () => {
    const check = batchedGrantChecks(store);
    const ann = await person('ann@x', ['w1']);
    const signedOut = await person('bob@x', ['w1']);
    await store.sessions.delete(signedOut);
    const grant = (token: string, worldId: string) => ({ token, worldId, userId: 'unused' });
    expect(
      await Promise.all([
        check(grant(ann, 'w1')),
        check(grant(ann, 'w2')),
        check(grant(ann, 'nowhere')),
        check(grant(signedOut, 'w1')),
      ]),
    ).toEqual([
      undefined,
      { code: 4403, reason: 'You do not have access to world "w2"' },
      { code: 4403, reason: 'Unknown world "nowhere"' },
      { code: 4401, reason: 'Not signed in' },
    ]);
  });
});
