import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, startTestServer, type TestServer } from './harness';
import { ACME, LAB, account, call } from './peopleHelpers';

/**
 * /api/admin/people as a world administrator (issue 21): the members of its
 * world only, its world only for access, and never a global right.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a world administrator', () => {
  it('sees and changes only the members of its world, and never makes itself global', async () => {
    const boss = await account(server, [{ world: ACME, admin: true }], 'boss');
    const mine = await account(server, [{ world: ACME }], 'mine');
    const shared = await account(server, [{ world: ACME }, { world: LAB }], 'shared');
    const theirs = await account(server, [{ world: LAB }], 'theirs');

    const list = await call(boss.client, 'GET', '/api/admin/people', { world: ACME });
    expect(list.body.scope).toEqual({ kind: 'world', world_id: ACME });
    const emails = list.body.people.map((p: { email: string }) => p.email);
    expect(emails).toContain(mine.email);
    expect(emails).toContain(shared.email);
    expect(emails).not.toContain(theirs.email);
    expect(list.body.worlds).toEqual([{ world_id: ACME, name: 'Acme Research' }]);
    const sharedRow = list.body.people.find((p: { email: string }) => p.email === shared.email);
    expect(sharedRow.manageable).toBe(false);

    // Another world's members, by filter or by id: refused.
    expect(
      (await call(boss.client, 'GET', `/api/admin/people?world=${LAB}`, { world: ACME })).status,
    ).toBe(403);
    expect(
      (await call(boss.client, 'GET', `/api/admin/people/${theirs.id}`, { world: ACME })).status,
    ).toBe(404);
    expect(
      (await call(boss.client, 'POST', `/api/admin/people/${theirs.id}/disable`, { world: ACME }))
        .status,
    ).toBe(404);
    // In a world it does not administer it is nobody.
    expect((await call(boss.client, 'GET', '/api/admin/people', { world: LAB })).status).toBe(403);

    // Its world alone: it may disable the member of its world only, not the one of two worlds.
    expect(
      (await call(boss.client, 'POST', `/api/admin/people/${mine.id}/disable`, { world: ACME }))
        .status,
    ).toBe(200);
    const sharedDisable = await call(
      boss.client,
      'POST',
      `/api/admin/people/${shared.id}/disable`,
      {
        world: ACME,
      },
    );
    expect(sharedDisable.status).toBe(403);
    expect((await server.store.users.byId(shared.id))!.disabled_at).toBeNull();
    // World access: its own world only.
    expect(
      (
        await call(boss.client, 'PUT', `/api/admin/people/${mine.id}/worlds/${LAB}`, {
          world: ACME,
          body: { is_admin: false },
        })
      ).body,
    ).toMatchObject({ error: 'You administer another world: this one is not yours to change' });
    expect(
      (
        await call(boss.client, 'DELETE', `/api/admin/people/${shared.id}/worlds/${ACME}`, {
          world: ACME,
        })
      ).status,
    ).toBe(200);
    // Never global, for itself or anyone.
    const promote = await call(boss.client, 'POST', `/api/admin/people/${boss.id}/global-admin`, {
      world: ACME,
      body: { global_admin: true },
    });
    expect(promote).toMatchObject({
      status: 403,
      body: { error: 'Only global administrators may do this' },
    });
    expect((await server.store.users.byId(boss.id))!.global_admin).toBe(0);
    // Worlds: renames its own (the pages open in it hear of it), creates none, renames no other.
    const inAcme = openSocket(server, boss.client, ACME);
    await inAcme.next('server.hello');
    expect(
      (
        await call(boss.client, 'PATCH', `/api/admin/worlds/${ACME}`, {
          world: ACME,
          body: { name: 'Acme R&D' },
        })
      ).status,
    ).toBe(200);
    expect((await server.store.worlds.byId(ACME))!.name).toBe('Acme R&D');
    await inAcme.next('user.access.changed');
    inAcme.ws.close();
    await server.store.worlds.rename(ACME, 'Acme Research');
    expect(
      (
        await call(boss.client, 'PATCH', `/api/admin/worlds/${LAB}`, {
          world: ACME,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(boss.client, 'POST', '/api/admin/worlds', {
          world: ACME,
          body: { id: 'x', name: 'X' },
        })
      ).status,
    ).toBe(403);
  });

  it('adds accounts to its world only; an existing account of another world is granted its world', async () => {
    const boss = await account(server, [{ world: ACME, admin: true }], 'chief');
    const added = await call(boss.client, 'POST', '/api/admin/people', {
      world: ACME,
      body: { email: 'acme.new@people.test', worlds: [] },
    });
    expect(added.status).toBe(201);
    expect(added.body.person.worlds.map((w: { world_id: string }) => w.world_id)).toEqual([ACME]);
    const elsewhere = await call(boss.client, 'POST', '/api/admin/people', {
      world: ACME,
      body: { email: 'acme.two@people.test', worlds: [{ world_id: LAB }] },
    });
    expect(elsewhere.status).toBe(403);
    expect(await server.store.users.byEmail('acme.two@people.test')).toBeUndefined();

    const other = await account(server, [{ world: LAB }], 'visitor');
    const invited = await call(boss.client, 'POST', '/api/admin/people', {
      world: ACME,
      body: { email: other.email, worlds: [{ world_id: ACME }] },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.temporary_password).toBeUndefined();
    expect(invited.body.person.manageable).toBe(false);
    expect(invited.body.person.worlds.map((w: { world_id: string }) => w.world_id)).toEqual([
      ACME,
      LAB,
    ]);
  });
});
