import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLOSE_NOT_SIGNED_IN,
  DEFAULT_AVATAR_COLOR,
  DEFAULT_DEVTOOLS_PREFERENCES,
} from '../../protocol';
import { waitText } from '../../server/auth/waitText';
import { SETTINGS_TEXT } from '../../server/http/settings';
import { Client, openSocket, startTestServer, type TestServer } from './harness';
import { newMember } from './revocationHelpers';

/**
 * The settings page's calls (/api/settings…) against the real server: each
 * acts on the signed-in account only, needs the CSRF header, and counts
 * wrong passwords and codes against the account (two here, to see the limit).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { settingsLimits: { max: 2, windowMs: 60_000 } });
});
afterAll(() => server.close());

/** The code of the 30 s step after the current one (the current may be spent already). */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('GET and PATCH /api/settings', () => {
  it('answers the defaults for someone who never changed anything, and 401 signed out', async () => {
    const { client, email } = await newMember(server);
    const res = await client.request('GET', '/api/settings');
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      name: expect.any(String),
      email,
      avatar_color: DEFAULT_AVATAR_COLOR,
      theme: 'system',
      language: 'browser',
      devtools: DEFAULT_DEVTOOLS_PREFERENCES,
      pin_enabled: false,
      has_password: true,
    });
    const anonymous = await new Client(server.url).request('GET', '/api/settings');
    expect(anonymous.status).toBe(401);
  });

  it("changes the name, colour, theme, language and DevTools preferences, and the user check tells them; another's stay", async () => {
    const me = await newMember(server);
    const other = await newMember(server);
    const res = await me.client.request('PATCH', '/api/settings', {
      body: {
        name: '  Ada Lovelace ',
        avatar_color: '#0f766e',
        theme: 'dark',
        language: 'de',
        devtools: { maxAge: 200, hideHeartbeats: true },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      name: 'Ada Lovelace',
      avatar_color: '#0f766e',
      theme: 'dark',
      language: 'de',
      devtools: { maxAge: 200, hideHeartbeats: true },
    });
    const user = await me.client.request('POST', '/api/user', { body: {} });
    expect(user.body.user).toMatchObject({
      name: 'Ada Lovelace',
      avatar_color: '#0f766e',
      theme: 'dark',
      language: 'de',
    });
    const theirs = await other.client.request('GET', '/api/settings');
    expect(theirs.body.settings).toMatchObject({
      theme: 'system',
      language: 'browser',
      avatar_color: DEFAULT_AVATAR_COLOR,
    });
    expect(theirs.body.settings.name).not.toBe('Ada Lovelace');
  });

  it('refuses what is not a setting: an unknown colour, theme or language, an empty name, another account named', async () => {
    const me = await newMember(server);
    const refusals: [object, string][] = [
      [{ avatar_color: '#ffffff' }, 'Not one of the avatar colours'],
      [{ theme: 'sepia' }, 'The theme is light, dark or system'],
      [{ language: 'fr' }, 'The language is one of browser, en, de'],
      [{ name: '   ' }, 'A display name is required, at most 80 characters'],
      [{ devtools: { maxAge: 0, hideHeartbeats: false } }, expect.stringMatching(/^DevTools keep/)],
      [{ user_id: 'someone-else', name: 'Mallory' }, 'Not a setting: user_id'],
      [{ email: 'other@revoke.test' }, 'Not a setting: email'],
    ];
    for (const [body, error] of refusals) {
      const res = await me.client.request('PATCH', '/api/settings', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 'error', error });
    }
    const after = await me.client.request('GET', '/api/settings');
    expect(after.body.settings.name).not.toBe('Mallory');
  });

  it('refuses every change without the CSRF header', async () => {
    const me = await newMember(server);
    const calls: [string, unknown][] = [
      ['/api/settings', { theme: 'dark' }],
      ['/api/settings/password', { current_password: me.password, new_password: 'xx-new-pass-1' }],
      ['/api/settings/pin/start', {}],
      ['/api/settings/pin/confirm', { code: '123456' }],
      ['/api/settings/pin/disable', { code: '123456' }],
    ];
    for (const [url, body] of calls) {
      const method = url === '/api/settings' ? 'PATCH' : 'POST';
      const res = await me.client.request(method, url, { body, csrf: false });
      expect(res.status, url).toBe(403);
      expect(res.body.error).toBe('CSRF token missing or invalid');
    }
    expect((await me.client.request('GET', '/api/settings')).body.settings.theme).toBe('system');
  });
});

describe('POST /api/settings/password', () => {
  it('ends every other session of the account, its sockets too, and keeps this one; the new password signs in', async () => {
    const me = await newMember(server);
    const elsewhere = new Client(server.url);
    expect((await elsewhere.signIn(me.email, me.password)).status).toBe(200);
    const socket = openSocket(server, elsewhere);
    await socket.next('server.hello');
    const bystander = await newMember(server);

    const res = await me.client.request('POST', '/api/settings/password', {
      body: { current_password: me.password, new_password: 'a-brand-new-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', sessions_ended: 1 });

    expect((await socket.closed).code).toBe(CLOSE_NOT_SIGNED_IN);
    expect((await elsewhere.request('GET', '/api/settings')).status).toBe(401);
    expect((await me.client.request('GET', '/api/settings')).status).toBe(200);
    expect((await bystander.client.request('GET', '/api/settings')).status).toBe(200);

    expect((await new Client(server.url).signIn(me.email, me.password)).status).toBe(401);
    expect((await new Client(server.url).signIn(me.email, 'a-brand-new-password')).status).toBe(
      200,
    );
  });

  it('refuses a wrong current password, a short new one, the same one again and the demo password', async () => {
    const me = await newMember(server);
    const change = (current_password: string, new_password: string) =>
      me.client.request('POST', '/api/settings/password', {
        body: { current_password, new_password },
      });
    const wrong = await change('not-my-password', 'a-long-new-password');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(SETTINGS_TEXT.wrongPassword);
    const short = await change(me.password, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(
      'The new password needs at least 8 characters (and at most 1024)',
    );
    expect((await change(me.password, me.password)).body.error).toBe(SETTINGS_TEXT.samePassword);
    expect((await change(me.password, 'emgen-admin')).body.error).toBe(SETTINGS_TEXT.demoPassword);
    // Still the old password, still signed in.
    expect((await new Client(server.url).signIn(me.email, me.password)).status).toBe(200);
  });

  it('counts wrong current passwords: past the limit even the right one waits, with the wait in words', async () => {
    const me = await newMember(server);
    const change = (current_password: string) =>
      me.client.request('POST', '/api/settings/password', {
        body: { current_password, new_password: 'a-long-new-password' },
      });
    expect((await change('wrong-1')).status).toBe(403);
    expect((await change('wrong-2')).status).toBe(403);
    const limited = await change(me.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after_seconds));
    expect(limited.body.error).toBe(
      `Too many wrong attempts. Try again in ${waitText(limited.body.retry_after_seconds)}.`,
    );
    expect(limited.body.error).toMatch(/Try again in 1 minute\.$/);
    // Another account is not held back by this one's failures.
    const other = await newMember(server);
    const theirs = await other.client.request('POST', '/api/settings/password', {
      body: { current_password: other.password, new_password: 'a-long-new-password' },
    });
    expect(theirs.status).toBe(200);
  });
});

describe('PIN (TOTP) enrolment', () => {
  it('switches the PIN on only with a right code, then sign-in asks for it; off again only with a current code', async () => {
    const me = await newMember(server);
    const start = await me.client.request('POST', '/api/settings/pin/start', { body: {} });
    expect(start.status).toBe(200);
    const { secret, uri } = start.body;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(uri).toContain(`secret=${secret}`);
    // Not on yet: the password alone still signs in.
    expect((await new Client(server.url).signIn(me.email, me.password)).status).toBe(200);

    const right = await me.client.request('POST', '/api/settings/pin/confirm', {
      body: { code: await generate({ secret }) },
    });
    expect(right.status).toBe(200);
    expect(right.body.settings.pin_enabled).toBe(true);
    expect((await me.client.request('POST', '/api/settings/pin/start', { body: {} })).status).toBe(
      409,
    );

    expect((await new Client(server.url).signIn(me.email, me.password)).status).toBe(401);
    const withPin = await new Client(server.url).request('POST', '/api/auth', {
      body: { email: me.email, password: me.password, pin: await nextCode(secret) },
    });
    expect(withPin.status).toBe(200);

    const badOff = await me.client.request('POST', '/api/settings/pin/disable', {
      body: { code: '000000' },
    });
    expect(badOff.status).toBe(400);
    expect(badOff.body.error).toBe(SETTINGS_TEXT.wrongCode);
    // The code that just signed in is spent: it cannot switch the PIN off.
    const spent = await me.client.request('POST', '/api/settings/pin/disable', {
      body: { code: await nextCode(secret) },
    });
    expect(spent.status).toBe(400);
    expect(
      (await server.store.users.byEmail(me.email))?.totp_secret,
      'still on after refusals',
    ).toBe(secret);
  });

  it('switches the PIN off with a current code', async () => {
    const me = await newMember(server);
    const { secret } = (await me.client.request('POST', '/api/settings/pin/start', { body: {} }))
      .body;
    const on = await me.client.request('POST', '/api/settings/pin/confirm', {
      body: { code: await generate({ secret }) },
    });
    expect(on.body.settings.pin_enabled).toBe(true);
    const off = await me.client.request('POST', '/api/settings/pin/disable', {
      body: { code: await nextCode(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body.settings.pin_enabled).toBe(false);
    expect((await new Client(server.url).signIn(me.email, me.password)).status).toBe(200);
  });

  it('refuses to confirm with no enrolment under way, or one gone stale', async () => {
    const me = await newMember(server);
    const none = await me.client.request('POST', '/api/settings/pin/confirm', {
      body: { code: '123456' },
    });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe(SETTINGS_TEXT.noEnrolment);
    const off = await me.client.request('POST', '/api/settings/pin/disable', {
      body: { code: '123456' },
    });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(SETTINGS_TEXT.pinNotOn);

    const { secret } = (await me.client.request('POST', '/api/settings/pin/start', { body: {} }))
      .body;
    await server.store.userSettings.update(me.userId, {
      pendingTotp: { secret, startedAt: Date.now() - 11 * 60_000 },
    });
    const stale = await me.client.request('POST', '/api/settings/pin/confirm', {
      body: { code: await generate({ secret }) },
    });
    expect(stale.status).toBe(409);
    expect((await me.client.request('GET', '/api/settings')).body.settings.pin_enabled).toBe(false);
  });

  it('counts wrong codes against the account', async () => {
    const me = await newMember(server);
    const { secret } = (await me.client.request('POST', '/api/settings/pin/start', { body: {} }))
      .body;
    const confirm = (code: string) =>
      me.client.request('POST', '/api/settings/pin/confirm', { body: { code } });
    expect((await confirm('111111')).status).toBe(400);
    expect((await confirm('222222')).status).toBe(400);
    const limited = await confirm(await generate({ secret }));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many wrong attempts\. Try again in /);
  });
});

describe('waitText', () => {
  it('says seconds under a minute and whole minutes, rounded up, from then on', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(42)).toBe('42 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(894)).toBe('15 minutes');
    expect(waitText(900)).toBe('15 minutes');
  });
});

describe('the audit log', () => {
  it('keeps a password change and a PIN switched on and off, by whom and from where', async () => {
    const me = await newMember(server);
    await me.client.request('POST', '/api/settings/password', {
      body: { current_password: me.password, new_password: 'audited-new-password' },
    });
    const { secret } = (await me.client.request('POST', '/api/settings/pin/start', { body: {} }))
      .body;
    await me.client.request('POST', '/api/settings/pin/confirm', {
      body: { code: await generate({ secret }) },
    });
    await me.client.request('POST', '/api/settings/pin/disable', {
      body: { code: await nextCode(secret) },
    });
    const { events: all } = await server.store.audit.list(
      { actor: me.email },
      { offset: 0, limit: 10 },
    );
    // (Signing in, when the account was made, is in the log too.)
    const events = all.filter((e) => e.action !== 'sign-in');
    expect(events.map((e) => e.action)).toEqual([
      'pin-disabled',
      'pin-enrolled',
      'password-changed',
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ source: 'web', actor_email: me.email, target_label: me.email });
      expect(e.ip).toBeTruthy();
    }
    expect(events[2]!.detail).toBe('0 other sessions ended');
  });
});
