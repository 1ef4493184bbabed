import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../protocol';
import { ADMIN, Client, startTestServer, storeLocation, type TestServer } from './harness';
import { withStoreDatabase } from '../support/storeDatabase';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/auth', () => {
  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const client = new Client(server.url);
    await client.request('GET', '/api/health');
    const res = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: client.cookieHeader,
        'x-csrf-token': client.cookies.get('emgen_csrf')!,
      },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, pin: '' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      user: { name: 'Administrator', email: ADMIN.email },
      active_world: 'innovation-lab',
      login_url: '/portal',
    });
    expect(body.accessible_worlds.map((w: { world_id: string }) => w.world_id).sort()).toEqual([
      'acme_research',
      'innovation-lab',
    ]);
  });

  it('refuses a wrong password with 401 and a message that does not say which field was wrong', async () => {
    const client = new Client(server.url);
    const wrongPassword = await client.signIn(ADMIN.email, 'not-the-password');
    const unknownEmail = await client.signIn('nobody@test.local', 'whatever-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.error).toBe('Invalid email, password or PIN');
    expect(unknownEmail.body.error).toBe(wrongPassword.body.error);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers malformed bodies with 400', async () => {
    const client = new Client(server.url);
    const res = await client.request('POST', '/api/auth', { body: { email: 42 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', error: 'Email and password are required' });
  });

  it('refuses a state-changing call without the CSRF header', async () => {
    const client = new Client(server.url);
    const res = await client.request('POST', '/api/auth', {
      body: { email: ADMIN.email, password: ADMIN.password },
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CSRF token missing or invalid');
    const forged = await client.request('POST', '/api/user', {
      body: {},
      headers: { 'X-CSRF-Token': 'forged' },
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });
});

describe('POST /api/user and /api/signout', () => {
  it('answers 401 with the login URL when not signed in', async () => {
    const res = await new Client(server.url).request('POST', '/api/user', { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'unauthorized', login_url: '/portal' });
  });

  it('answers the session while signed in, and nothing after sign-out', async () => {
    const client = new Client(server.url);
    await client.signIn();
    const before = await client.request('POST', '/api/user', { body: {} });
    expect(before.body).toMatchObject({ status: 'ok', user: { email: ADMIN.email } });
    const token = client.cookies.get(SESSION_COOKIE)!;

    const out = await client.request('POST', '/api/signout', { body: {} });
    expect(out.body).toEqual({ status: 'ok' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    // The old cookie no longer works: the session is gone server-side, not just in the browser.
    client.cookies.set(SESSION_COOKIE, token);
    const after = await client.request('POST', '/api/user', { body: {} });
    expect(after.status).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const client = new Client(server.url);
    await client.signIn();
    await withStoreDatabase(storeLocation(server.dataDir), (db) =>
      db.q.updateTable('sessions').set({ expires_at: 0 }).execute(),
    );
    const res = await client.request('POST', '/api/user', { body: {} });
    expect(res.status).toBe(401);
  });
});

describe('the signed-in hint the page can read (/login asks about a session only then)', () => {
  it('comes with the session, readable, and goes with it', async () => {
    const client = new Client(server.url);
    const signIn = await client.signIn();
    const hint = signIn.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`))!;
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('1');

    await client.request('POST', '/api/signout', { body: {} });
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('is dropped when the user check finds no session, and set for a session without it', async () => {
    const client = new Client(server.url);
    await client.signIn();
    client.cookies.delete(SIGNED_IN_COOKIE);
    await client.request('POST', '/api/user', { body: {} });
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('1');

    client.cookies.delete(SESSION_COOKIE);
    const res = await client.request('POST', '/api/user', { body: {} });
    expect(res.status).toBe(401);
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });
});

describe('unknown routes and pages', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new Client(server.url).request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', error: 'No such endpoint: GET /api/nope' });
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
