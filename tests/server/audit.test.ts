import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../protocol';
import { Client, startTestServer, type TestServer } from './harness';
import { ACME, LAB, account, call, globalAdmin } from './peopleHelpers';

/**
 * The audit log (issue 21): sign-in, sign-out and lockout, every admin
 * action, who and from where; GET /api/admin/audit filters and pages it, and
 * a world administrator sees its world's events only.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { loginLimits: { accountMax: 2, windowMs: 60_000 } });
});
afterAll(() => server.close());

const AGENT = { 'user-agent': 'AuditTest/1.0' };

async function events(client: Client, query = '', world?: string): Promise<AuditEvent[]> {
  const res = await call(client, 'GET', `/api/admin/audit${query}`, { world });
  expect(res.status).toBe(200);
  return res.body.events;
}

describe('the audit log', () => {
  it('records sign-in, refusals, the lockout and sign-out with address and browser', async () => {
    const who = await account(server, [{ world: ACME }], 'signer');
    const client = new Client(server.url);
    const signIn = (password: string) =>
      client.request('POST', '/api/auth', {
        body: { email: who.email, password },
        headers: AGENT,
      });
    expect((await signIn(who.password)).status).toBe(200);
    await client.request('POST', '/api/signout', { headers: AGENT });
    expect((await signIn('wrong-1')).status).toBe(401);
    expect((await signIn('wrong-2')).status).toBe(401);
    expect((await signIn(who.password)).status).toBe(429);
    expect((await signIn(who.password)).status).toBe(429);

    const admin = await globalAdmin(server);
    const mine = (await events(admin.client, `?actor=${encodeURIComponent(who.email)}`)).reverse();
    // The setup's own sign-in (account()) came first; then this test's.
    expect(mine.map((e) => e.action)).toEqual([
      'sign-in',
      'sign-in',
      'sign-out',
      'sign-in-failed',
      'sign-in-failed',
      'sign-in-locked',
    ]);
    expect(mine[1]).toMatchObject({
      source: 'web',
      actor_id: who.id,
      actor_email: who.email,
      world_id: ACME,
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
    });
    expect(mine[3]).toMatchObject({ detail: 'wrong password', target_id: who.id });
    expect(mine[5]!.detail).toMatch(/^too many attempts; locked for \d+ min$/);
    expect(JSON.stringify(mine)).not.toContain(who.password);
  });

  it('lists admin actions newest first, filtered by kind, actor, world and dates, and paged', async () => {
    const admin = await globalAdmin(server);
    const target = await account(server, [{ world: LAB }], 'target');
    await call(admin.client, 'POST', `/api/admin/people/${target.id}/disable`);
    await call(admin.client, 'POST', `/api/admin/people/${target.id}/enable`);
    await call(admin.client, 'PUT', `/api/admin/people/${target.id}/worlds/${ACME}`, {
      body: { is_admin: false },
    });
    const reset = await call(admin.client, 'POST', `/api/admin/people/${target.id}/reset-password`);
    const temporary: string = reset.body.temporary_password;

    const disabled = await events(admin.client, '?action=account-disabled');
    expect(disabled[0]).toMatchObject({
      action: 'account-disabled',
      actor_email: admin.email,
      target_id: target.id,
      target_label: target.email,
      detail: 'sessions ended',
    });
    const granted = await events(admin.client, `?action=world-granted&world=${ACME}`);
    expect(granted[0]).toMatchObject({ target_label: target.email, world_id: ACME });
    const resets = await events(admin.client, '?action=password-reset');
    expect(resets[0]).toMatchObject({ target_id: target.id });
    expect(JSON.stringify(resets)).not.toContain(temporary);

    const aboutTarget = (list: AuditEvent[]) => list.filter((e) => e.target_id === target.id);
    const all = aboutTarget(
      await events(admin.client, `?actor=${encodeURIComponent(admin.email)}&limit=200`),
    );
    expect(all.map((e) => e.action)).toEqual([
      'password-reset',
      'world-granted',
      'account-enabled',
      'account-disabled',
    ]);
    const page = await call(admin.client, 'GET', '/api/admin/audit?limit=2&offset=1');
    expect(page.body.events).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(3);

    const today = new Date().toISOString().slice(0, 10);
    expect(
      aboutTarget(await events(admin.client, `?from=${today}&to=${today}&limit=200`)),
    ).toHaveLength(4);
    expect(await events(admin.client, '?to=2000-01-01')).toEqual([]);
    expect(await events(admin.client, '?from=2999-01-01')).toEqual([]);
    expect((await call(admin.client, 'GET', '/api/admin/audit?from=yesterday')).status).toBe(400);
    expect((await call(admin.client, 'GET', '/api/admin/audit?from=2024-13-45')).status).toBe(400);
    expect((await call(admin.client, 'GET', '/api/admin/audit?action=unknown')).status).toBe(400);
  });

  it('shows a world administrator its world’s events only', async () => {
    const admin = await globalAdmin(server);
    const labMember = await account(server, [{ world: LAB }], 'labber');
    const acmeMember = await account(server, [{ world: ACME }], 'acmer');
    await call(admin.client, 'POST', `/api/admin/people/${labMember.id}/pin`, {
      body: { required: true },
    });
    const boss = await account(server, [{ world: ACME, admin: true }], 'acmeboss');
    await call(boss.client, 'POST', `/api/admin/people/${acmeMember.id}/reset-password`, {
      world: ACME,
    });

    const seen = await events(boss.client, '?limit=200', ACME);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((e) => e.world_id))).toEqual(new Set([ACME]));
    expect(seen.some((e) => e.action === 'password-reset' && e.target_id === acmeMember.id)).toBe(
      true,
    );
    expect(seen.some((e) => e.target_id === labMember.id)).toBe(false);
    expect(
      (await call(boss.client, 'GET', `/api/admin/audit?world=${LAB}`, { world: ACME })).status,
    ).toBe(403);
    expect((await call(boss.client, 'GET', '/api/admin/audit', { world: LAB })).status).toBe(403);
  });
});
