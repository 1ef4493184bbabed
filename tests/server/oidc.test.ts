import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../protocol';
import { safeNextPath as safeNext } from '../../protocol';
import { ADMIN, Client, startTestServer, type TestServer } from './harness';
import { IdpBrowser, startTestIdp, type IdpAccount, type TestIdp } from './oidcProvider';

/**
 * OpenID Connect sign-in end to end: the real server against a real provider
 * (oidc-provider) in this process. The test plays the browser on both sides.
 */

const STATE_COOKIE = 'emgen_oidc_state';

/** A port nothing listens on right now (the server's PUBLIC_URL must be known before it starts). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let idp: TestIdp;
let server: TestServer;

beforeAll(async () => {
  // The port is chosen before the server listens, so another test may take it first: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    idp = await startTestIdp(`${publicUrl}/portal/callback`);
    try {
      server = await startTestServer(
        {
          oidcEnabled: true,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          PUBLIC_URL: publicUrl,
        },
        { port },
      );
      expect(server.url).toBe(publicUrl);
      return;
    } catch (err) {
      await idp.close();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
    }
  }
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

function account(sub: string, email: string, extra: Partial<IdpAccount> = {}): IdpAccount {
  const a = { sub, email, email_verified: true, name: `Name of ${sub}`, ...extra };
  idp.accounts.set(sub, a);
  return a;
}

/** GET /portal/login: the server answers with a redirect to the provider. */
async function beginLogin(client: Client, query = ''): Promise<URL> {
  const res = await client.request('GET', `/portal/login${query}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The browser arriving back at the server from the provider. */
function callback(client: Client, url: URL) {
  return client.request('GET', url.pathname + url.search);
}

/** The whole round trip: server → provider (sign in as `sub`, consent) → server callback. */
async function signIn(client: Client, sub: string, query = '', browser = new IdpBrowser(idp)) {
  const authUrl = await beginLogin(client, query);
  const back = await browser.authorize(authUrl.href, sub);
  return { back, res: await callback(client, back), browser };
}

function subjectOf(sub: string): string {
  return `${idp.issuer}|${sub}`;
}

describe('OIDC sign-in against oidc-provider', () => {
  it('runs the authorization code flow with PKCE, state and nonce and starts a session', async () => {
    const alice = account('alice', 'alice@idp.test', { name: 'Alice Idp' });
    const client = new Client(server.url);
    const authUrl = await beginLogin(client, '?next=/w/acme_research/dashboard');

    expect(authUrl.origin + authUrl.pathname).toBe(`${idp.issuer}/auth`);
    const q = authUrl.searchParams;
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${server.url}/portal/callback`);
    expect(q.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('state')).toBeTruthy();
    expect(client.cookies.get(STATE_COOKIE)).toBe(q.get('state'));

    const browser = new IdpBrowser(idp);
    const back = await browser.authorize(authUrl.href, alice.sub);
    expect(browser.prompts).toEqual(['login', 'consent']);
    expect(back.origin + back.pathname).toBe(`${server.url}/portal/callback`);
    expect(back.searchParams.get('state')).toBe(q.get('state'));
    expect(back.searchParams.get('iss')).toBe(idp.issuer);
    expect(back.searchParams.get('code')).toBeTruthy();

    const res = await callback(client, back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/w/acme_research/dashboard');
    const sessionCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(client.cookies.has(STATE_COOKIE)).toBe(false); // cleared: one use
    // The ID token carries no email when an access token is issued: it came from userinfo.
    expect(idp.paths).toContain('/me');

    const user = await client.request('POST', '/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      status: 'ok',
      user: { email: alice.email, name: 'Alice Idp' },
      accessible_worlds: [],
    });
    expect(await server.store.users.byEmail(alice.email)).toMatchObject({
      oidc_subject: subjectOf('alice'),
      password_hash: null,
    });
  });

  it('links a verified email to the existing account, then recognises the subject', async () => {
    const usersBefore = (await server.store.users.list()).length;
    const admin = (await server.store.users.byEmail(ADMIN.email))!;
    expect(admin.oidc_subject).toBeNull();
    account('admin-at-idp', ADMIN.email);

    const first = new Client(server.url);
    const { res, browser } = await signIn(first, 'admin-at-idp', '?world=acme_research');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/w/acme_research/dashboard');
    const me = await first.request('POST', '/api/user');
    expect(me.body).toMatchObject({
      status: 'ok',
      user: { email: ADMIN.email },
      active_world: 'acme_research',
    });
    expect(me.body.accessible_worlds.map((w: { world_id: string }) => w.world_id).sort()).toEqual([
      'acme_research',
      'innovation-lab',
    ]);
    expect((await server.store.users.byEmail(ADMIN.email))!.oidc_subject).toBe(
      subjectOf('admin-at-idp'),
    );

    // Second sign-in: the provider session is reused (no prompts), and the server
    // finds the account by subject even though the email at the provider changed.
    idp.accounts.get('admin-at-idp')!.email = 'admin-renamed@idp.test';
    const second = new Client(server.url);
    const again = await signIn(second, 'admin-at-idp', '', browser);
    expect(again.browser.prompts).toEqual([]);
    expect(again.res.status).toBe(302);
    expect(again.res.headers.get('location')).toBe('/w/acme_research/dashboard');
    const me2 = await second.request('POST', '/api/user');
    expect(me2.body).toMatchObject({ status: 'ok', user: { email: ADMIN.email } });
    expect((await server.store.users.list()).length).toBe(usersBefore);
    expect(await server.store.users.byEmail('admin-renamed@idp.test')).toBeUndefined();

    // Another subject claiming the linked email is refused, not merged.
    account('admin-impostor', ADMIN.email);
    const third = new Client(server.url);
    const refused = await signIn(third, 'admin-impostor');
    expect(refused.res.status).toBe(400);
    expect(refused.res.body).toContain('already linked to another identity');
    expect(third.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await server.store.users.byEmail(ADMIN.email))!.oidc_subject).toBe(
      subjectOf('admin-at-idp'),
    );
  });

  it('creates an account for a new email; without worlds it lands on /login', async () => {
    const bob = account('bob', 'bob@idp.test', { name: 'Bob Idp' });
    expect(await server.store.users.byEmail(bob.email)).toBeUndefined();
    const client = new Client(server.url);
    const { res } = await signIn(client, 'bob');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    const created = (await server.store.users.byEmail(bob.email))!;
    expect(created).toMatchObject({
      name: 'Bob Idp',
      oidc_subject: subjectOf('bob'),
      password_hash: null,
    });
    expect(await server.store.users.worlds(created.id)).toEqual([]);
    const me = await client.request('POST', '/api/user');
    expect(me.body).toMatchObject({
      status: 'ok',
      user: { email: bob.email },
      accessible_worlds: [],
    });
  });

  it('refuses an unverified email and does not link it to the account holding it', async () => {
    const victim = await server.store.users.create({
      email: 'victim@test.local',
      name: 'Victim',
      passwordHash: null,
    });
    account('mallory', victim.email, { email_verified: false });
    account('eve', 'eve@idp.test', { email_verified: false });
    for (const sub of ['mallory', 'eve']) {
      const client = new Client(server.url);
      const { res } = await signIn(client, sub);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.body).toContain('did not confirm a verified email');
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect((await client.request('POST', '/api/user')).status).toBe(401);
    }
    expect((await server.store.users.byId(victim.id))!.oidc_subject).toBeNull();
    expect(await server.store.users.byEmail('eve@idp.test')).toBeUndefined();
  });
});

describe('OIDC callback tampering', () => {
  it('refuses a callback without the state cookie or with another one', async () => {
    account('carol', 'carol@idp.test');
    const client = new Client(server.url);
    const authUrl = await beginLogin(client);
    const state = client.cookies.get(STATE_COOKIE)!;
    const back = await new IdpBrowser(idp).authorize(authUrl.href, 'carol');

    client.cookies.delete(STATE_COOKIE);
    const missing = await callback(client, back);
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('expired or was already used');

    client.cookies.set(STATE_COOKIE, 'forged-state');
    const forged = await callback(client, back);
    expect(forged.status).toBe(400);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    // A state in the URL that is not the one the cookie names is refused too (and uses up the attempt).
    client.cookies.set(STATE_COOKIE, state);
    const swapped = new URL(back);
    swapped.searchParams.set('state', 'forged-state');
    expect((await callback(client, swapped)).status).toBe(400);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await server.store.users.byEmail('carol@idp.test')).toBeUndefined();
  });

  it('accepts a callback once: replaying it is refused', async () => {
    account('dave', 'dave@idp.test');
    const client = new Client(server.url);
    const authUrl = await beginLogin(client);
    const state = client.cookies.get(STATE_COOKIE)!;
    const back = await new IdpBrowser(idp).authorize(authUrl.href, 'dave');
    expect((await callback(client, back)).status).toBe(302);

    const attacker = new Client(server.url);
    attacker.cookies.set(STATE_COOKIE, state);
    const replay = await callback(attacker, back);
    expect(replay.status).toBe(400);
    expect(replay.body).toContain('expired or was already used');
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a code issued to another authorization (PKCE verifier mismatch)', async () => {
    account('erin', 'erin@idp.test');
    // The victim's authorization yields a code; the attacker pastes it into their own sign-in.
    const victim = new Client(server.url);
    const victimBack = await new IdpBrowser(idp).authorize((await beginLogin(victim)).href, 'erin');
    const attacker = new Client(server.url);
    await beginLogin(attacker);
    const injected = new URL(victimBack);
    injected.searchParams.set('state', attacker.cookies.get(STATE_COOKIE)!);

    const errorsBefore = idp.errors.length;
    const res = await callback(attacker, injected);
    expect(res.status).toBe(400);
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(idp.errors.slice(errorsBefore)).toEqual([
      {
        event: 'grant.error',
        error: 'invalid_grant',
        detail: 'code_verifier does not match code_challenge',
      },
    ]);

    // The code was not spent by the failed attempt: its own sign-in still completes.
    const own = await callback(victim, victimBack);
    expect(own.status).toBe(302);
    expect(victim.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});

describe('where the callback sends the browser', () => {
  it.each([
    ['/w/acme_research/dashboard?tab=1#top', '/w/acme_research/dashboard?tab=1#top'],
    ['/w/a b', '/w/a%20b'],
    ['https://evil.example/', undefined],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    // Browsers drop tabs and newlines from a Location: this one would be //evil.example.
    ['/\t/evil.example', undefined],
    ['/..//evil.example', undefined],
    ['//:x', undefined],
    ['/\r\nSet-Cookie: x=y', '/Set-Cookie:%20x=y'],
    [undefined, undefined],
  ])('next %j becomes %j', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it('never redirects off-site or with an invalid Location after a real sign-in', async () => {
    account('frank', 'frank@idp.test');
    const browser = new IdpBrowser(idp);
    for (const next of ['/%09/evil.example', '/%0d%0aSet-Cookie:%20x=y']) {
      const client = new Client(server.url);
      const { res } = await signIn(client, 'frank', `?next=${next}`, browser);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, server.url);
      expect(location.origin).toBe(server.url);
      expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    }
  });
});

describe('OIDC provider unreachable', () => {
  it('answers 502 from /portal/login when discovery fails', async () => {
    const deadIssuer = `http://127.0.0.1:${await freePort()}`;
    const lonely = await startTestServer({
      oidcEnabled: true,
      OIDC_ISSUER: deadIssuer,
      OIDC_CLIENT_ID: 'emgen',
      OIDC_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'http://127.0.0.1:1',
    });
    try {
      const client = new Client(lonely.url);
      const res = await client.request('GET', '/portal/login?next=/w/acme_research/dashboard');
      expect(res.status).toBe(502);
      expect(res.body).toBe('Error connecting to authentication service');
      expect(client.cookies.has(STATE_COOKIE)).toBe(false);
    } finally {
      await lonely.close();
    }
  });
});
