import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchedGrantChecks } from '../../../server/auth/socketAdmission';
import { socketAccess, worldAdmission } from '../../../server/auth/requestAuth';
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

/**
 * The session, its account, the world and the account's access read in one
 * query (every guarded request): each way in is refused as the four lookups
 * one after another refused it, a missing session before anything else.
 */
describe('a session and a world admitted together', () => {
  const refusal = async (token: string | undefined, worldId: string | undefined) => {
    const admitted = await worldAdmission(store, token, worldId);
    return admitted.ok ? 'admitted' : `${admitted.status} ${admitted.error}`;
  };

  it('admits a member with the world and their role in it', async () => {
    const ann = await person('ann@x', ['w1']);
    const annId = (await store.users.byEmail('ann@x'))!.id;
    await store.users.grant(annId, 'w2', true);
    const inW1 = await worldAdmission(store, ann, 'w1');
    const inW2 = await worldAdmission(store, ann, 'w2');
    expect(inW1).toMatchObject({
      ok: true,
      signed: { token: ann, user: { id: annId, email: 'ann@x', disabled_at: null } },
      access: { world_id: 'w1', name: 'One', is_admin: false },
    });
    expect(inW2).toMatchObject({
      ok: true,
      access: { world_id: 'w2', name: 'Two', is_admin: true },
    });
    if (inW1.ok) expect(inW1.signed.user).toEqual(await store.users.byId(annId));
  });

  it('refuses no session, an unknown one and a signed-out one with 401 whatever the world', async () => {
    const signedOut = await person('bob@x', ['w1']);
    await store.sessions.delete(signedOut);
    for (const token of [undefined, '', 'never-issued', signedOut])
      for (const world of ['w1', 'nowhere', undefined])
        expect(await refusal(token, world)).toBe('401 Not signed in');
  });

  it('refuses an expired session with 401 and deletes it, as finding it did', async () => {
    await store.close();
    store = await openTestStore(dataDir, 50);
    const token = await person('ann@x', ['w1']);
    expect(await refusal(token, 'w1')).toBe('admitted');
    await new Promise((r) => setTimeout(r, 80));
    expect(await refusal(token, 'w1')).toBe('401 Not signed in');
    // Deleted then: nothing expired is left to sweep.
    expect(await store.sessions.deleteExpired()).toBe(0);
  });

  it('refuses a disabled account with 401', async () => {
    const token = await person('dee@x', ['w1']);
    await store.users.setDisabled((await store.users.byEmail('dee@x'))!.id, true);
    expect(await refusal(token, 'w1')).toBe('401 Not signed in');
  });

  it('tells no world, an unknown world and a world without access apart', async () => {
    const ann = await person('ann@x', ['w1']);
    expect(await refusal(ann, undefined)).toBe('400 No world given');
    expect(await refusal(ann, 'nowhere')).toBe('404 Unknown world "nowhere"');
    expect(await refusal(ann, 'w2')).toBe('403 You do not have access to world "w2"');
    await store.users.revoke((await store.users.byEmail('ann@x'))!.id, 'w1');
    expect(await refusal(ann, 'w1')).toBe('403 You do not have access to world "w1"');
  });

  it("does not take another member's access for the session's own", async () => {
    const ann = await person('ann@x', ['w1']);
    await person('bob@x', ['w2']);
    expect(await refusal(ann, 'w2')).toBe('403 You do not have access to world "w2"');
  });
});
