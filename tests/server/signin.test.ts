import { generate } from 'otplib';
import { waitText } from '../../server/auth/waitText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../protocol';
import { hashPassword } from '../../server/auth/password';
import { SIGN_IN_REFUSED } from '../../server/http/auth';
import { ADMIN, Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function addUser(email: string, password: string, worlds: [string, boolean][] = []) {
  const user = await server.store.users.create({
    email,
    name: email.split('@')[0]!,
    passwordHash: await hashPassword(password),
  });
  for (const [w, admin] of worlds) await server.store.users.grant(user.id, w, admin);
  return user;
}

describe('PIN (TOTP) as a second factor', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  beforeAll(async () => {
    const user = await addUser('totp@test.local', 'totp-password', [['innovation-lab', false]]);
    await server.store.users.setTotpSecret(user.id, secret);
  });

  it('refuses the right password without the PIN or with a wrong one', async () => {
    const client = new Client(server.url);
    const missing = await client.request('POST', '/api/auth', {
      body: { email: 'totp@test.local', password: 'totp-password' },
    });
    const wrong = await client.request('POST', '/api/auth', {
      body: { email: 'totp@test.local', password: 'totp-password', pin: '000000' },
    });
    expect(missing.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(missing.body.error).toBe(SIGN_IN_REFUSED);
  });

  it('accepts the right password with the current code', async () => {
    const client = new Client(server.url);
    const pin = await generate({ secret });
    const res = await client.request('POST', '/api/auth', {
      body: { email: 'totp@test.local', password: 'totp-password', pin },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('totp@test.local');
  });

  it('accepts a code once: the same code again is refused, also when two sign-ins race with it', async () => {
    const user = await addUser('replay@test.local', 'replay-password', [['innovation-lab', false]]);
    await server.store.users.setTotpSecret(user.id, secret);
    const pin = await generate({ secret });
    const body = { email: 'replay@test.local', password: 'replay-password', pin };
    const first = await new Client(server.url).request('POST', '/api/auth', { body });
    expect(first.status).toBe(200);
    const again = await new Client(server.url).request('POST', '/api/auth', { body });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(SIGN_IN_REFUSED);

    const racer = await addUser('race@test.local', 'race-password', [['innovation-lab', false]]);
    await server.store.users.setTotpSecret(racer.id, secret);
    const raceBody = { ...body, email: 'race@test.local', password: 'race-password' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => new Client(server.url).request('POST', '/api/auth', { body: raceBody })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('does not spend a code when the password is wrong', async () => {
    const user = await addUser('spend@test.local', 'spend-password', [['innovation-lab', false]]);
    await server.store.users.setTotpSecret(user.id, secret);
    const pin = await generate({ secret });
    const wrong = await new Client(server.url).request('POST', '/api/auth', {
      body: { email: 'spend@test.local', password: 'not-it', pin },
    });
    expect(wrong.status).toBe(401);
    const right = await new Client(server.url).request('POST', '/api/auth', {
      body: { email: 'spend@test.local', password: 'spend-password', pin },
    });
    expect(right.status).toBe(200);
  });

  it('ignores the PIN field for accounts without one', async () => {
    const res = await new Client(server.url).request('POST', '/api/auth', {
      body: { email: ADMIN.email, password: ADMIN.password, pin: '123456' },
    });
    expect(res.status).toBe(200);
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The account sign-in limit: 5 failures, then 429 with the spec's words and a Retry-After. */
async function expectLimited(res: { status: number; body: any; headers: Headers }, window: number) {
  expect(res.status).toBe(429);
  expect(res.body.retry_after_seconds).toBeGreaterThan(0);
  expect(res.body.retry_after_seconds).toBeLessThanOrEqual(window);
  expect(res.headers.get('retry-after')).toBe(String(res.body.retry_after_seconds));
  expect(res.body.error).toBe(
    `Too many sign-in attempts. Try again in ${waitText(res.body.retry_after_seconds)}.`,
  );
}

describe('rate limiting', () => {
  // Their own servers: a short window to see the limit pass, and an address used up apart.
  let short: TestServer;
  let addressed: TestServer;
  const WINDOW_S = 8;
  beforeAll(async () => {
    short = await startTestServer({}, { loginLimits: { windowMs: WINDOW_S * 1000 } });
    addressed = await startTestServer();
  });
  afterAll(async () => {
    await short?.close();
    await addressed?.close();
  });

  it('answers 429 with a retry time after 5 failures for one account, and recovers later', async () => {
    const client = new Client(short.url);
    for (let i = 0; i < 5; i++) {
      expect((await client.signIn(ADMIN.email, 'wrong')).status).toBe(401);
    }
    const limited = await client.signIn(ADMIN.email, ADMIN.password);
    await expectLimited(limited, WINDOW_S);
    // Refused attempts are not counted: once the window has passed, the right password works.
    const deadline = Date.now() + (WINDOW_S + 10) * 1000;
    let status = limited.status;
    while (status === 429 && Date.now() < deadline) {
      await sleep(500);
      status = (await client.signIn(ADMIN.email, ADMIN.password)).status;
    }
    expect(status).toBe(200);
  });

  it('clears an account’s failures when it signs in', async () => {
    const client = new Client(addressed.url);
    await addressed.store.users.create({
      email: 'forgetful@test.local',
      name: 'forgetful',
      passwordHash: await hashPassword('forgetful-password'),
    });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await client.signIn('forgetful@test.local', 'wrong')).status).toBe(401);
      }
      expect((await client.signIn('forgetful@test.local', 'forgetful-password')).status).toBe(200);
    }
  });

  it('limits one address across many accounts', async () => {
    const client = new Client(addressed.url);
    // A faked X-Forwarded-For per attempt changes nothing: proxies are not trusted by default.
    for (let i = 0; i < 30; i++) {
      await client.request('POST', '/api/auth', {
        body: { email: `nobody${i}@test.local`, password: 'wrong' },
        headers: { 'X-Forwarded-For': `10.0.0.${i}` },
      });
    }
    const limited = await client.signIn(ADMIN.email, ADMIN.password);
    await expectLimited(limited, 15 * 60);
  });
});

describe('sessions', () => {
  it('rotates the session id at sign-in: the previous session ends', async () => {
    const client = new Client(server.url);
    await client.signIn();
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.signIn();
    const second = client.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const stale = new Client(server.url);
    stale.cookies.set(SESSION_COOKIE, first);
    expect((await stale.request('POST', '/api/user', { body: {} })).status).toBe(401);
  });

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://emgen.example.org' });
    try {
      const client = new Client(https.url);
      await client.request('GET', '/api/health');
      const res = await fetch(`${https.url}/api/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: client.cookieHeader,
          'x-csrf-token': client.cookies.get('emgen_csrf')!,
        },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await https.close();
    }
  });
});

describe('worlds', () => {
  let member: Client;
  beforeAll(async () => {
    await addUser('member@test.local', 'member-password', [['innovation-lab', false]]);
    member = new Client(server.url);
    await member.signIn('member@test.local', 'member-password');
  });

  it('lists exactly the worlds the user may enter', async () => {
    const res = await member.request('POST', '/api/user', { body: {} });
    expect(res.body.accessible_worlds).toEqual([
      { world_id: 'innovation-lab', name: 'Innovation Lab', is_admin: false },
    ]);
    expect(res.body.active_world).toBe('innovation-lab');
  });

  it('remembers the world named by X-World-Id as the active one, and ignores one the user may not enter', async () => {
    const admin = new Client(server.url);
    await admin.signIn();
    const switched = await admin.request('POST', '/api/user', {
      body: {},
      headers: { 'X-World-Id': 'acme_research' },
    });
    expect(switched.body.active_world).toBe('acme_research');
    const again = await admin.request('POST', '/api/user', { body: {} });
    expect(again.body.active_world).toBe('acme_research');

    const refused = await member.request('POST', '/api/user', {
      body: {},
      headers: { 'X-World-Id': 'acme_research' },
    });
    expect(refused.body.active_world).toBe('innovation-lab');
  });

  it('answers 403 for a world call the user may not make, 404 for an unknown world, 401 signed out', async () => {
    const forbidden = await member.request('GET', '/api/console', {
      headers: { 'X-World-Id': 'acme_research' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('You do not have access to world "acme_research"');
    const unknown = await member.request('GET', '/api/console?worldId=atlantis');
    expect(unknown.status).toBe(404);
    const signedOut = await new Client(server.url).request(
      'GET',
      '/api/console?worldId=innovation-lab',
    );
    expect(signedOut.status).toBe(401);
    const allowed = await member.request('GET', '/api/console', {
      headers: { 'X-World-Id': 'innovation-lab' },
    });
    expect(allowed.status).toBe(200);
    expect(Array.isArray(allowed.body.messages)).toBe(true);
  });

  it('answers 403 for an admin call by a non-admin', async () => {
    const res = await member.request('GET', '/api/console/clear?worldId=innovation-lab');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Administrators of this world only');
    const admin = new Client(server.url);
    await admin.signIn();
    expect((await admin.request('GET', '/api/console/clear?worldId=innovation-lab')).status).toBe(
      200,
    );
    // A state-changing GET still needs the CSRF header.
    expect(
      (await admin.request('GET', '/api/console/clear?worldId=innovation-lab', { csrf: false }))
        .status,
    ).toBe(403);
  });
});
