import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import { Client, openSocket, startTestServer, type TestServer } from './harness';
import { ACME, LAB, account, call, globalAdmin } from './peopleHelpers';
import { within } from './revocationHelpers';

/**
 * /api/admin/people (issue 21) against the real server: who may do what,
 * and what each action does to sessions, sockets and sign-in. The sweep is
 * long, so a socket that closes here was closed by the published revocation.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ accessSweepMs: 600_000 });
});
afterAll(() => server.close());

describe('who may administer people', () => {
  it('refuses someone not signed in (401), a member (403) and a missing CSRF token (403)', async () => {
    const anonymous = new Client(server.url);
    expect((await call(anonymous, 'GET', '/api/admin/people', { world: LAB })).status).toBe(401);
    const member = await account(server);
    const asMember = await call(member.client, 'GET', '/api/admin/people', { world: LAB });
    expect(asMember).toMatchObject({ status: 403, body: { error: 'Administrators only' } });
    for (const [method, url] of [
      ['GET', '/api/admin/worlds'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/people/${member.id}/disable`],
    ] as const)
      expect((await call(member.client, method, url, { world: LAB })).status).toBe(403);

    const admin = await globalAdmin(server);
    const noCsrf = await call(admin.client, 'POST', '/api/admin/people', {
      body: { email: 'x@people.test', worlds: [] },
      csrf: false,
    });
    expect(noCsrf).toMatchObject({ status: 403, body: { error: 'CSRF token missing or invalid' } });
    expect(await server.store.users.byEmail('x@people.test')).toBeUndefined();
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const admin = await globalAdmin(server);
    const bad = await call(admin.client, 'POST', '/api/admin/people', {
      body: { email: 'not an email', worlds: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid request: email/);
    const page = await call(admin.client, 'GET', '/api/admin/people?limit=5000');
    expect(page.status).toBe(400);
    const worldName = await call(admin.client, 'POST', '/api/admin/worlds', {
      body: { id: 'bad id!', name: 'X' },
    });
    expect(worldName.status).toBe(400);
  });
});

describe('a global administrator', () => {
  it('lists every account, searches by name or email, and pages', async () => {
    const admin = await globalAdmin(server);
    const a = await account(server, [{ world: ACME }], 'searchable');
    const b = await account(server, [{ world: LAB }], 'searchable');
    const found = await call(admin.client, 'GET', '/api/admin/people?q=SEARCHABLE');
    expect(found.status).toBe(200);
    expect(found.body.scope).toEqual({ kind: 'global' });
    expect(found.body.total).toBe(2);
    expect(found.body.people.map((p: { email: string }) => p.email)).toEqual([a.email, b.email]);
    expect(found.body.people[0]).toMatchObject({
      disabled: false,
      pin: false,
      global_admin: false,
      manageable: true,
      worlds: [{ world_id: ACME, name: 'Acme Research', is_admin: false }],
    });
    expect(JSON.stringify(found.body)).not.toMatch(/scrypt|password_hash|totp_secret/);
    const byName = await call(
      admin.client,
      'GET',
      `/api/admin/people?q=${encodeURIComponent('Searchable ')}`,
    );
    expect(byName.body.total).toBe(2);
    const second = await call(
      admin.client,
      'GET',
      '/api/admin/people?q=searchable&offset=1&limit=1',
    );
    expect(second.body.people.map((p: { email: string }) => p.email)).toEqual([b.email]);
    expect(second.body.total).toBe(2);
    const inAcme = await call(admin.client, 'GET', `/api/admin/people?q=searchable&world=${ACME}`);
    expect(inAcme.body.people.map((p: { email: string }) => p.email)).toEqual([a.email]);
    // LIKE's own characters are taken literally.
    expect((await call(admin.client, 'GET', '/api/admin/people?q=%25')).body.total).toBe(0);
  });

  it('adds an account with a temporary password shown once, which sign-in makes them replace', async () => {
    const admin = await globalAdmin(server);
    const added = await call(admin.client, 'POST', '/api/admin/people', {
      body: { email: 'new.person@people.test', name: 'New Person', worlds: [{ world_id: LAB }] },
    });
    expect(added.status).toBe(201);
    expect(added.headers.get('cache-control')).toBe('no-store');
    const temporary: string = added.body.temporary_password;
    expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(added.body.person).toMatchObject({
      email: 'new.person@people.test',
      name: 'New Person',
      must_change_password: true,
      worlds: [{ world_id: LAB, is_admin: false }],
    });

    const them = new Client(server.url);
    const first = await them.signIn('new.person@people.test', temporary);
    expect(first).toMatchObject({
      status: 403,
      body: {
        password_change_required: true,
        error: expect.stringMatching(/Choose a new password/),
      },
    });
    const same = await them.request('POST', '/api/auth', {
      body: { email: 'new.person@people.test', password: temporary, new_password: temporary },
    });
    expect(same.status).toBe(400);
    const short = await them.request('POST', '/api/auth', {
      body: { email: 'new.person@people.test', password: temporary, new_password: 'short' },
    });
    expect(short.body.error).toBe('The password must be at least 8 characters.');
    const changed = await them.request('POST', '/api/auth', {
      body: {
        email: 'new.person@people.test',
        password: temporary,
        new_password: 'my-own-password-1',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.accessible_worlds.map((w: { world_id: string }) => w.world_id)).toEqual([
      LAB,
    ]);
    expect((await new Client(server.url).signIn('new.person@people.test', temporary)).status).toBe(
      401,
    );
    expect(
      (await new Client(server.url).signIn('new.person@people.test', 'my-own-password-1')).status,
    ).toBe(200);
  });

  it('disables an account: its sessions end and its open socket closes at once; enabling lets it back', async () => {
    const admin = await globalAdmin(server);
    const who = await account(server);
    const sock = openSocket(server, who.client, LAB);
    await sock.next('server.hello');

    const off = await call(admin.client, 'POST', `/api/admin/people/${who.id}/disable`);
    expect(off.status).toBe(200);
    expect(off.body.person.disabled).toBe(true);
    expect(await within(sock.closed, 2000, 'socket closed')).toEqual({
      code: CLOSE_NOT_SIGNED_IN,
      reason: 'Not signed in',
    });
    expect((await who.client.request('POST', '/api/user')).status).toBe(401);
    const refused = await new Client(server.url).signIn(who.email, who.password);
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'This account has been disabled. Ask an administrator.' },
    });
    // A wrong password is refused as always: 'disabled' is said only to whoever knows the password.
    expect((await new Client(server.url).signIn(who.email, 'wrong-password')).body.error).toBe(
      'Invalid email, password or PIN',
    );

    const on = await call(admin.client, 'POST', `/api/admin/people/${who.id}/enable`);
    expect(on.body.person.disabled).toBe(false);
    expect((await new Client(server.url).signIn(who.email, who.password)).status).toBe(200);
  });

  it('resets a password: sessions end, the temporary one signs in once a new one is chosen', async () => {
    const admin = await globalAdmin(server);
    const who = await account(server);
    const reset = await call(admin.client, 'POST', `/api/admin/people/${who.id}/reset-password`);
    expect(reset.status).toBe(200);
    expect((await who.client.request('POST', '/api/user')).status).toBe(401);
    expect((await new Client(server.url).signIn(who.email, who.password)).status).toBe(401);
    const client = new Client(server.url);
    const signed = await client.request('POST', '/api/auth', {
      body: {
        email: who.email,
        password: reset.body.temporary_password,
        new_password: 'after-reset-password',
      },
    });
    expect(signed.status).toBe(200);
    expect((await server.store.users.byId(who.id))!.must_change_password).toBe(0);
  });

  it('grants and revokes worlds: the account’s socket hears of it, and loses the revoked world at once', async () => {
    const admin = await globalAdmin(server);
    const who = await account(server, [{ world: LAB }]);
    const sock = openSocket(server, who.client, LAB);
    await sock.next('server.hello');

    const granted = await call(admin.client, 'PUT', `/api/admin/people/${who.id}/worlds/${ACME}`, {
      body: { is_admin: true },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.person.worlds).toEqual([
      { world_id: ACME, name: 'Acme Research', is_admin: true },
      { world_id: LAB, name: 'Innovation Lab', is_admin: false },
    ]);
    await sock.next('user.access.changed');
    const me = await who.client.request('POST', '/api/user');
    expect(me.body.accessible_worlds.map((w: { world_id: string }) => w.world_id)).toEqual([
      ACME,
      LAB,
    ]);

    const revoked = await call(admin.client, 'DELETE', `/api/admin/people/${who.id}/worlds/${LAB}`);
    expect(revoked.status).toBe(200);
    expect(await within(sock.closed, 2000, 'socket closed')).toEqual({
      code: CLOSE_WORLD_FORBIDDEN,
      reason: `You do not have access to world "${LAB}"`,
    });
    const again = await call(admin.client, 'DELETE', `/api/admin/people/${who.id}/worlds/${LAB}`);
    expect(again).toMatchObject({
      status: 404,
      body: { error: `${who.email} had no access to ${LAB}.` },
    });
  });

  it('requires a PIN: the secret is shown once and sign-in then needs its code', async () => {
    const admin = await globalAdmin(server);
    const who = await account(server);
    const pin = await call(admin.client, 'POST', `/api/admin/people/${who.id}/pin`, {
      body: { required: true },
    });
    expect(pin.body.person.pin).toBe(true);
    expect(pin.body.totp.uri).toMatch(/^otpauth:\/\/totp\/EMgen:/);
    expect((await new Client(server.url).signIn(who.email, who.password)).status).toBe(401);
    const withCode = await new Client(server.url).request('POST', '/api/auth', {
      body: {
        email: who.email,
        password: who.password,
        pin: await generate({ secret: pin.body.totp.secret }),
      },
    });
    expect(withCode.status).toBe(200);
    const off = await call(admin.client, 'POST', `/api/admin/people/${who.id}/pin`, {
      body: { required: false },
    });
    expect(off.body.person.pin).toBe(false);
    expect(off.body.totp).toBeUndefined();
  });

  it('deletes an account only with its email typed again; its workspace stays in the world', async () => {
    const admin = await globalAdmin(server);
    const who = await account(server);
    const ws = await server.store.workspaces.create({ worldId: LAB, createdBy: who.id });
    const sock = openSocket(server, who.client, LAB);
    await sock.next('server.hello');
    const wrong = await call(admin.client, 'DELETE', `/api/admin/people/${who.id}`, {
      body: { confirm_email: 'someone@else.test' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'Type the account’s email to confirm the deletion' },
    });
    expect(await server.store.users.byId(who.id)).toBeDefined();

    const gone = await call(admin.client, 'DELETE', `/api/admin/people/${who.id}`, {
      body: { confirm_email: who.email.toUpperCase() },
    });
    expect(gone.status).toBe(200);
    expect(await server.store.users.byId(who.id)).toBeUndefined();
    expect((await within(sock.closed, 2000, 'socket closed')).code).toBe(CLOSE_NOT_SIGNED_IN);
    const kept = await server.store.workspaces.byId(ws.id);
    expect(kept).toMatchObject({ world_id: LAB, created_by: null });
  });

  it('never disables, deletes or demotes itself, nor takes its own world away', async () => {
    const admin = await globalAdmin(server);
    const self = await call(admin.client, 'POST', `/api/admin/people/${admin.id}/disable`);
    expect(self).toMatchObject({
      status: 409,
      body: { error: 'You cannot disable your own account' },
    });
    const del = await call(admin.client, 'DELETE', `/api/admin/people/${admin.id}`, {
      body: { confirm_email: admin.email },
    });
    expect(del).toMatchObject({
      status: 409,
      body: { error: 'You cannot delete your own account' },
    });
    const demote = await call(admin.client, 'POST', `/api/admin/people/${admin.id}/global-admin`, {
      body: { global_admin: false },
    });
    expect(demote.status).toBe(409);
    const leave = await call(admin.client, 'DELETE', `/api/admin/people/${admin.id}/worlds/${LAB}`);
    expect(leave).toMatchObject({
      status: 409,
      body: { error: 'You cannot take your own access to a world away' },
    });

    // Another global admin may not take its own right away either; the first may take it.
    const second = await account(server, [{ world: LAB }], 'deputy');
    await call(admin.client, 'POST', `/api/admin/people/${second.id}/global-admin`, {
      body: { global_admin: true },
    });
    const deputy = new Client(server.url);
    await deputy.signIn(second.email, second.password);
    const byDeputy = await call(deputy, 'POST', `/api/admin/people/${second.id}/global-admin`, {
      body: { global_admin: false },
    });
    expect(byDeputy.status).toBe(409);
    const back = await call(admin.client, 'POST', `/api/admin/people/${second.id}/global-admin`, {
      body: { global_admin: false },
    });
    expect(back.body.person.global_admin).toBe(false);
  });

  it('keeps every world with an administrator', async () => {
    const admin = await globalAdmin(server);
    const made = await call(admin.client, 'POST', '/api/admin/worlds', {
      body: { id: 'solo', name: 'Solo' },
    });
    expect(made.status).toBe(201);
    // Its creator administers it; with a keeper as the only other administrator …
    const keeper = await account(server, [{ world: 'solo', admin: true }], 'keeper');
    await server.store.users.revoke(admin.id, 'solo');
    const last = (doing: string) => ({
      status: 409,
      body: {
        error: `${keeper.email} is the last administrator of solo: make someone else an administrator there first`,
      },
      doing,
    });
    const tries = {
      disable: await call(admin.client, 'POST', `/api/admin/people/${keeper.id}/disable`),
      demote: await call(admin.client, 'PUT', `/api/admin/people/${keeper.id}/worlds/solo`, {
        body: { is_admin: false },
      }),
      revoke: await call(admin.client, 'DELETE', `/api/admin/people/${keeper.id}/worlds/solo`),
      delete: await call(admin.client, 'DELETE', `/api/admin/people/${keeper.id}`, {
        body: { confirm_email: keeper.email },
      }),
    };
    for (const [doing, res] of Object.entries(tries))
      expect({ status: res.status, body: res.body, doing }).toMatchObject(last(doing));
    // … and once someone else administers it too, the keeper may go.
    const other = await account(server, [{ world: 'solo', admin: true }], 'other');
    expect(other.id).toBeTruthy();
    expect(
      (await call(admin.client, 'POST', `/api/admin/people/${keeper.id}/disable`)).status,
    ).toBe(200);
  });
});
