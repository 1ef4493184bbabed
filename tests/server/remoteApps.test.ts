import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REGISTRY_APPS_CALL } from '../../protocol';
import type { CogApp } from '../../client/cogApp';
import { createUnitsApp } from '../../examples/unitsApp';
import { hashPassword } from '../../server/auth/password';
import { runUsersCommand } from '../../server/cli/users';
import { UserError } from '../../server/cog/userError';
import { expertDirectory } from '../../server/meeting/directory';
import type { Store } from '../../server/store';
import {
  Client,
  openSocket,
  startTestServer,
  storeLocation,
  type TestServer,
  type TestSocket,
} from './harness';
import { withStoreDatabase } from '../support/storeDatabase';

const WORLD = 'innovation-lab';
const WORKSPACE = 'innovation-lab-welcome';

let server: TestServer;
let admin: Client;
let member: Client;
let token: string;

async function cliOn(store: Store, argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUsersCommand(argv, store, { out: (l) => lines.push(l) });
  return lines;
}
const cli = (...argv: string[]) => cliOn(server.store, argv);

/** A raw app socket, for what the client library never does. */
function rawApp(query: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${server.wsUrl}/api/ws/cog?${query}`, { headers });
  const frames: any[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  return { ws, frames, closed, opened, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

const until = async <T>(
  fn: () => T | undefined | Promise<T | undefined>,
  ms = 4000,
): Promise<T> => {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
};

const consoleMessages = () => server.store.console.list(WORLD);

async function browser(client: Client): Promise<TestSocket> {
  const sock = openSocket(server, client, WORLD);
  await sock.next('server.hello');
  return sock;
}

let nextRequest = 1;
async function cogCall(sock: TestSocket, target: object, extra: object = {}): Promise<any> {
  const requestid = `r${nextRequest++}`;
  sock.send({ typ: 'cog.call', content: { ...target, ...extra }, requestid });
  const reply = await sock.next('cog.call.response');
  expect(reply.request_id).toBe(requestid);
  return reply.content;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password'),
  });
  await server.store.users.grant(user.id, WORLD, false);
  member = new Client(server.url);
  await member.signIn('member@test.local', 'member-password');
});
afterAll(() => server.close());

describe('app tokens (npm run users)', () => {
  it('prints a token once, stores only its sha256, lists and revokes', async () => {
    const lines = await cli('app-token', 'cli-app', WORLD);
    const printed = lines[1]!;
    expect(lines[0]).toMatch(/cli-app in innovation-lab/);
    expect(printed).toMatch(/^emgapp_[\w-]{40,}$/);
    const row = await withStoreDatabase(storeLocation(server.dataDir), (db) =>
      db.q
        .selectFrom('app_tokens')
        .selectAll()
        .where('app_name', '=', 'cli-app')
        .executeTakeFirstOrThrow(),
    );
    expect(row.token_hash).toBe(createHash('sha256').update(printed).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(printed);

    expect((await cli('app-tokens')).join('\n')).toMatch(
      /^cli-app\tinnovation-lab\tcreated .*\tused never$/m,
    );
    expect(await cli('revoke-app-token', 'cli-app', WORLD)).toEqual([
      'Token of app cli-app in innovation-lab revoked.',
    ]);
    await expect(cli('revoke-app-token', 'cli-app', WORLD)).rejects.toThrow(UserError);
    await expect(cli('app-token', 'cli-app', 'no-such-world')).rejects.toThrow(/No world/);
    await expect(cli('app-token', 'bad name!', WORLD)).rejects.toThrow(/app name/);
  });
});

describe('a remote app connection', () => {
  let units: CogApp;

  beforeAll(async () => {
    token = (await cli('app-token', 'units', WORLD))[1]!;
  });

  it('closes 4401 for a wrong token, a token of another world or another app', async () => {
    const wrong = rawApp(`worldId=${WORLD}&app=units`, { Authorization: 'Bearer nope' });
    expect(await wrong.closed).toEqual({ code: 4401, reason: 'Invalid app token' });
    const otherWorld = rawApp(`worldId=acme_research&app=units&token=${token}`);
    expect((await otherWorld.closed).code).toBe(4401);
    const otherApp = rawApp(`worldId=${WORLD}&app=other&token=${token}`);
    expect((await otherApp.closed).code).toBe(4401);
    expect(server.registry.get('units', WORLD)).toBeUndefined();
  });

  it('registers the app on cog.hello and writes a console entry', async () => {
    units = createUnitsApp({ url: server.url, worldId: WORLD, token });
    await units.connect();
    const app = server.registry.get('units', WORLD)!;
    expect(app).toMatchObject({ name: 'units', processId: process.pid, remote: true });
    expect(app.cogs.map((c) => `${c.module}/${c.name}`)).toEqual([
      'commands/convert_km_to_miles',
      'tools/units',
      'tools/units_convert',
      'experts/metric_mike',
    ]);
    expect(app.cogs.every((c) => typeof c.handler === 'function')).toBe(true);
    await expect.poll(consoleMessages).toContainEqual(
      expect.objectContaining({
        app_name: 'units',
        from: 'system',
        message: expect.stringMatching(/^Remote app units connected \(process \d+, 4 cogs\)$/),
      }),
    );
  });

  it('is listed by emgen/registry/apps for admins of the world only', async () => {
    const sock = await browser(admin);
    const listed = await cogCall(sock, REGISTRY_APPS_CALL);
    expect(listed.status).toBe('success');
    const unitsApp = listed.result.find((a: any) => a.appName === 'units');
    expect(unitsApp.processId).toBe(process.pid);
    expect(Object.keys(unitsApp.annotations).sort()).toEqual([
      'callable',
      'command',
      'expert',
      'tool',
      'toolprovider',
    ]);
    expect(unitsApp.annotations.expert[0]).toMatchObject({
      moduleName: 'experts',
      cogName: 'metric_mike',
      attrs: { expert_id: 'metric-mike', name: 'Metric Mike' },
    });
    expect(listed.result.map((a: any) => a.appName)).toContain('emgen');
    sock.ws.close();

    const other = await browser(member);
    expect(await cogCall(other, REGISTRY_APPS_CALL)).toEqual({
      status: 'error',
      error: 'Administrators of this world only',
      request_id: expect.any(String),
    });
    other.ws.close();
  });

  it('runs its command and its callable tool through the forwarding handler', async () => {
    const sock = await browser(member);
    const command = await cogCall(sock, {
      appname: 'units',
      module: 'commands',
      cog: 'convert_km_to_miles',
    });
    expect(command).toMatchObject({
      status: 'success',
      result: {
        message: '10 km = 6.21371 mi',
        effect: { kind: 'flash', text: '10 km = 6.21371 mi' },
      },
    });
    // In the palette it is the app's: units/<its id>.
    sock.send({
      typ: 'command.execute',
      content: { commandId: 'units/convert_km_to_miles', args: { text: '1 mi to km' } },
      requestid: 'palette-1',
    });
    expect((await sock.next('command.execute.response')).content).toMatchObject({
      message: '1 mi = 1.60934 km',
    });
    const tool = await cogCall(
      sock,
      { appname: 'units', module: 'tools', cog: 'units_convert' },
      { kvargs: { value: 212, from: '°F', to: 'celsius' } },
    );
    expect(tool).toMatchObject({ status: 'success', result: { output: '212 °F = 100 °C' } });
    const failing = await cogCall(
      sock,
      { appname: 'units', module: 'tools', cog: 'units_convert' },
      { kvargs: { value: 1, from: 'kg', to: 'mi' } },
    );
    expect(failing).toMatchObject({
      status: 'error',
      error: 'kg (mass) cannot be converted to mi (length)',
    });
    // Not annotated callable or command: never reachable from a browser.
    const expert = await cogCall(sock, { appname: 'units', module: 'experts', cog: 'metric_mike' });
    expect(expert).toMatchObject({
      status: 'error',
      error: 'Cog units/experts/metric_mike is not callable',
    });
    sock.ws.close();

    const handler = server.registry.get('units', WORLD)!.cogs[0]!.handler!;
    await expect(handler({ kvargs: {} }, { worldId: 'acme_research' })).rejects.toThrow(
      'App "units" serves world innovation-lab only',
    );
  });

  it('answers in a meeting round as a remote expert', async () => {
    await server.store.workspaces.addExpert(WORKSPACE, 'metric-mike');
    expect(expertDirectory(server.registry, WORLD).get('metric-mike')?.name).toBe('Metric Mike');
    const sock = await browser(admin);
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
    sock.send({
      typ: 'scontext.set',
      content: { key: 'selected_experts', value: ['metric-mike'] },
    });
    sock.send({ typ: 'user.message', content: { text: 'How many miles is 10 km?' } });
    const answer = await until(() =>
      sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final),
    );
    expect(answer.content).toMatchObject({
      expert_id: 'metric-mike',
      name: 'Metric Mike',
      content: '**10 km = 6.21371 mi**',
    });
    await until(() =>
      sock.frames.find((f) => f.typ === 'server.progress' && f.content.status === 'completed'),
    );
    sock.ws.close();
  });

  it('turns cog.event into a console entry and relays it to the browsers', async () => {
    const sock = await browser(admin);
    expect(units.emit({ name: 'ready', message: 'conversions warmed up' })).toBe(true);
    const event = await sock.next('cog.event');
    expect(event.content).toMatchObject({ appName: 'units', name: 'ready' });
    await until(async () =>
      (await consoleMessages()).find((m) => m.message === 'ready: conversions warmed up'),
    );
    expect((await consoleMessages()).at(-1)).toMatchObject({ app_name: 'units', from: 'event' });
    sock.ws.close();
  });

  it('refuses a second app with the same name, and a wrong name in cog.hello', async () => {
    const twin = rawApp(`worldId=${WORLD}&app=units`, { Authorization: `Bearer ${token}` });
    await twin.opened;
    twin.send({ typ: 'cog.hello', content: { appName: 'units', cogs: [] }, requestid: 'h1' });
    expect(await twin.closed).toEqual({ code: 4409, reason: 'App name taken' });
    expect(twin.frames.at(-1)).toMatchObject({
      typ: 'cog.hello.response',
      request_id: 'h1',
      content: { status: 'error', error: 'An app named "units" is already registered' },
    });
    expect(server.registry.get('units', WORLD)!.cogs).toHaveLength(4);

    const liar = rawApp(`worldId=${WORLD}&app=units&token=${token}`);
    await liar.opened;
    liar.send({ typ: 'user.message', content: { text: 'hi' } });
    expect(await liar.closed).toEqual({ code: 4400, reason: 'Expected cog.hello first' });
  });

  it('refuses cog.hello from a browser session', async () => {
    const sock = await browser(admin);
    sock.send({
      typ: 'cog.hello',
      content: { appName: 'sneaky', cogs: [{ module: 'm', cog: 'c', annotations: {} }] },
      requestid: 'h2',
    });
    const reply = await sock.next('cog.hello.response');
    expect(reply.content).toMatchObject({ status: 'error', request_id: 'h2' });
    expect(server.registry.get('sneaky', WORLD)).toBeUndefined();
    sock.ws.close();
  });

  it('unregisters on disconnect: its commands and experts vanish, calls in flight fail', async () => {
    await units.close();
    await until(() => !server.registry.get('units', WORLD) || undefined);
    expect(expertDirectory(server.registry, WORLD).has('metric-mike')).toBe(false);
    // The console line is written in the background of the disconnect.
    await expect.poll(consoleMessages).toContainEqual(
      expect.objectContaining({
        app_name: 'units',
        from: 'system',
        message: expect.stringMatching(/^Remote app units disconnected \(process \d+\)$/),
      }),
    );
    const sock = await browser(admin);
    const gone = await cogCall(sock, {
      appname: 'units',
      module: 'commands',
      cog: 'convert_km_to_miles',
    });
    expect(gone).toMatchObject({ status: 'error', error: 'Unknown app "units"' });
    sock.ws.close();

    // A silent app: its call is pending when it disconnects.
    const silent = rawApp(`worldId=${WORLD}&app=units&token=${token}`);
    await silent.opened;
    silent.send({
      typ: 'cog.hello',
      content: {
        appName: 'units',
        processId: 'p-1',
        cogs: [{ module: 'm', cog: 'slow', annotations: { callable: {} } }],
      },
    });
    await until(() => silent.frames.find((f) => f.typ === 'cog.hello.response'));
    const pending = server.registry.get('units', WORLD)!.cogs[0]!.handler!({}, { worldId: WORLD });
    await until(() => silent.frames.find((f) => f.typ === 'cog.call'));
    expect(silent.frames.at(-1).content).toEqual({ appname: 'units', module: 'm', cog: 'slow' });
    silent.ws.close();
    await expect(pending).rejects.toThrow('App "units" disconnected');
    await until(() => !server.registry.get('units', WORLD) || undefined);
  });
});

describe('server shutdown with an app connected', () => {
  it('unregisters the app while the store is still open and the app sees the close', async () => {
    const other = await startTestServer();
    const otherToken = (await cliOn(other.store, ['app-token', 'units', WORLD]))[1]!;
    const app = createUnitsApp({ url: other.url, worldId: WORLD, token: otherToken });
    await app.connect();
    const dropped = new Promise((resolve) => app.on('disconnected', resolve));
    const { store, registry } = other;
    let lastEntry: unknown;
    const closeStore = store.close;
    store.close = async () => {
      // Written in the background as the app's socket closes; it lands before the store goes.
      await expect
        .poll(async () => (lastEntry = (await store.console.list(WORLD)).at(-1)))
        .toMatchObject({ message: expect.stringMatching(/disconnected/) });
      return closeStore();
    };
    await other.close();
    // @fastify/websocket may close the socket before the hub's onClose does.
    expect(await dropped).toMatchObject({ code: expect.any(Number) });
    expect(registry.get('units', WORLD)).toBeUndefined();
    expect(lastEntry).toMatchObject({
      app_name: 'units',
      message: expect.stringMatching(/disconnected/),
    });
    await app.close();
  });
});
