import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { SUPPORT_LOGS_PER_WORLD } from '../../server/store/supportLogs';
import { Client, startTestServer, type TestServer } from './harness';
import { consoleGets } from './consoleGets';

const WORLD = 'innovation-lab';
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(() => server.close());

const log = (actions = 2) => ({
  format: 'emgen-action-log',
  version: 1,
  appVersion: '1.0.0',
  recordedAt: new Date().toISOString(),
  dropped: 0,
  initialState: null,
  entries: Array.from({ length: actions }, (_, i) => ({ at: i, action: { type: `x/${i}` } })),
  payload: '[]',
});

async function member(email: string, worlds: string[]) {
  const user = await server.store.users.create({
    email,
    name: email.split('@')[0]!,
    passwordHash: await hashPassword('member-password'),
  });
  for (const w of worlds) await server.store.users.grant(user.id, w, false);
  const client = new Client(server.url);
  expect((await client.signIn(email, 'member-password')).status).toBe(200);
  return client;
}

const send = (client: Client, body: unknown, world = WORLD, csrf = true) =>
  client.request('POST', '/api/support/logs', {
    body,
    csrf,
    headers: { 'X-World-Id': world },
  });
const list = (client: Client, world = WORLD) =>
  client.request('GET', '/api/support/logs', { headers: { 'X-World-Id': world } });

describe('support logs', () => {
  it('a member sends a log; the admins of the world list it and open it; members cannot', async () => {
    const ann = await member('ann@support.test', [WORLD]);
    const sent = await send(ann, { note: '  The answer vanished  ', log: log(3) });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'ok', id: expect.any(String) });

    const listed = await list(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.logs[0]).toMatchObject({
      id: sent.body.id,
      user_email: 'ann@support.test',
      actions: 3,
      note: 'The answer vanished',
      app_version: '1.0.0',
    });
    const opened = await admin.request('GET', `/api/support/logs/${sent.body.id}`, {
      headers: { 'X-World-Id': WORLD },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.entries).toHaveLength(3);
    await consoleGets(server, WORLD, {
      message: 'Support log received from ann@support.test (3 actions)',
    });

    expect((await list(ann)).status).toBe(403);
    expect(
      (
        await ann.request('GET', `/api/support/logs/${sent.body.id}`, {
          headers: { 'X-World-Id': WORLD },
        })
      ).status,
    ).toBe(403);
    // Another world's admins do not see it.
    expect((await list(admin, 'acme_research')).body.logs).toEqual([]);
    expect(
      (
        await admin.request('GET', `/api/support/logs/${sent.body.id}`, {
          headers: { 'X-World-Id': 'acme_research' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses what is not a session log, without CSRF, signed out, or for a world the user is not in', async () => {
    const bob = await member('bob@support.test', [WORLD]);
    expect((await send(bob, { log: { hello: 1 } })).body).toMatchObject({
      status: 'error',
      error: 'log is not an EMgen session log',
    });
    expect((await send(bob, { log: { ...log(), version: 9 } })).body.error).toBe(
      'session log format version 9 is not supported',
    );
    expect((await send(bob, { log: { ...log(), entries: 'x' } })).body.error).toBe(
      'log.entries must be a list',
    );
    expect((await send(bob, { log: log() }, WORLD, false)).status).toBe(403);
    expect((await send(bob, { log: log() }, 'acme_research')).status).toBe(403);
    expect((await send(new Client(server.url), { log: log() })).status).toBe(401);
  });

  it('refuses a body over the limit with 413', async () => {
    const huge = { log: { ...log(), padding: 'x'.repeat(21 * 1024 * 1024) } };
    expect((await send(admin, huge)).status).toBe(413);
  });

  it('keeps a bounded number per world, dropping the oldest', async () => {
    const repo = server.store.supportLogs;
    const userId = (await server.store.users.byEmail('admin@test.local'))!.id;
    for (let i = 0; i < SUPPORT_LOGS_PER_WORLD + 5; i++)
      await repo.add({
        worldId: 'acme_research',
        userId,
        appVersion: '1.0.0',
        actions: i,
        note: '',
        body: '{}',
        now: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
    const kept = await repo.list('acme_research');
    expect(kept).toHaveLength(SUPPORT_LOGS_PER_WORLD);
    expect(kept.at(-1)!.actions).toBe(5);
  });
});
