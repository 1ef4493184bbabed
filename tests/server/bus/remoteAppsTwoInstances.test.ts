import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CogApp, type CogDefinition } from '../../../client/cogApp';
import { REGISTRY_APPS_CALL } from '../../../protocol';
import type { ExpertEngine } from '../../../server/meeting/types';
import { startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import { appToken, cogOf } from '../appHelpers';
import {
  ADMIN,
  Client,
  openSocket,
  startTestServer,
  storeLocation,
  type TestServer,
  type TestSocket,
} from '../harness';
import { request } from '../screenHelpers';

/**
 * Remote apps on two real instances sharing one store and one Redis: an
 * app's socket is on one instance, and people on the other use it as if it
 * were theirs (tools in a meeting, pages, flows, callable cogs), with the
 * same errors; every instance lists it once; an instance killed with -9
 * takes its apps off the others' lists within APP_PRESENCE_SECONDS. Flow
 * state is in the store: a flow started on one instance resumes on the other.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const WORLD = 'innovation-lab';
const PRESENCE_SECONDS = 2;
const CALL_TIMEOUT_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(
  what: string,
  find: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 15_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

/** The expert uses the gauges tool when the workspace has it, and answers with its output. */
const engine: ExpertEngine = {
  name: 'tool-user',
  async answer(req, report) {
    const tool = req.tools.find((t) => t.name === 'gauges_read');
    if (!tool) return report.answer(`${req.expert.name} has no gauge`, true);
    try {
      const result = await report.useTool(tool.name, { where: req.question });
      report.answer(`${req.expert.name} read: ${result.output}`, true);
    } catch (err) {
      report.answer(`${req.expert.name} could not read: ${(err as Error).message}`, true);
    }
  },
};

/** The app's flow: a counter, one step per 'inc'. */
const counterFlow = cogOf('flows', 'steps', { flow: { flow_id: 'steps' } }, ({ kvargs }) => {
  const state = kvargs.state as { n?: number };
  const n = (state.n ?? 0) + (kvargs.event ? 1 : 0);
  return {
    state: { n },
    component: { component: 'Text', content: `Gauge step ${n}` },
    step: n,
    steps: 5,
  };
});

const GAUGES: CogDefinition[] = [
  cogOf('tools', 'gauges_tools', { toolprovider: { name: 'gauges_tools' } }),
  cogOf(
    'tools',
    'gauges_read',
    {
      tool: {
        name: 'gauges_read',
        provider: 'gauges_tools',
        description: 'Reads the pressure gauge of a place',
        parameters: { type: 'object', properties: { where: { type: 'string' } } },
      },
    },
    ({ kvargs }) => ({ output: `pressure at ${String(kvargs.where)} is 42 bar` }),
  ),
  cogOf('pages', 'dial', { page: { pagename: 'dial' } }, () => ({
    component: { component: 'Card', title: 'The dial, served from instance 2' },
  })),
  counterFlow,
  cogOf('calls', 'fine', { callable: {} }, () => ({ fine: true })),
  cogOf('calls', 'boom', { callable: {} }, () => {
    throw new Error('the gauge broke');
  }),
  cogOf('calls', 'silent', { callable: {} }, () => new Promise(() => undefined)),
];

let nextRequest = 1;
async function cogCall(sock: TestSocket, target: object): Promise<any> {
  const requestid = `x${nextRequest++}`;
  sock.send({ typ: 'cog.call', content: target, requestid });
  return until(`answer to ${requestid}`, () =>
    sock.frames.find((f) => f.typ === 'cog.call.response' && f.request_id === requestid),
  ).then((f) => {
    const { request_id: _id, ...content } = f.content;
    return content;
  });
}

async function flowEvent(sock: TestSocket, flowid: string, event_handler: string, attrs?: object) {
  const reply = await request(sock, 'flow.event', {
    flowid,
    event_handler,
    ...(attrs ? { attrs } : {}),
  });
  return reply.content;
}

describe.skipIf(!installed)('remote apps across two instances', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;
  let admin: Client;
  let gaugesToken: string;
  const apps: CogApp[] = [];
  const sockets: TestSocket[] = [];
  const processes: ServerProcess[] = [];

  /** The same signed-in browser on `server` (the session is in the shared store). */
  function adminOn(server: { url: string }): Client {
    const moved = new Client(server.url);
    for (const [k, v] of admin.cookies) moved.cookies.set(k, v);
    return moved;
  }

  async function socketOn(server: { url: string }): Promise<TestSocket> {
    const sock = openSocket(
      { wsUrl: server.url.replace('http://', 'ws://') } as TestServer,
      adminOn(server),
      WORLD,
    );
    sockets.push(sock);
    await sock.next('server.hello');
    return sock;
  }

  async function connectApp(url: string, appName: string, cogs: CogDefinition[], token?: string) {
    const app = new CogApp({
      url,
      worldId: WORLD,
      appName,
      token: token ?? (await appToken(a, appName, WORLD)),
      reconnect: false,
      processId: `${appName}-process`,
    });
    for (const cog of cogs) app.cog(cog);
    apps.push(app);
    await app.connect();
    return app;
  }

  /** The Applications page's list, asked of `server`: how often each app name is in it. */
  async function listed(server: { url: string }, appName: string) {
    const sock = await socketOn(server);
    const reply = await cogCall(sock, REGISTRY_APPS_CALL);
    sock.ws.close();
    expect(reply.status).toBe('success');
    return (reply.result as { appName: string; processId?: unknown }[]).filter(
      (x) => x.appName === appName,
    );
  }

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-apps-two-'));
    const overrides = { REDIS_URL: redis.url, APP_PRESENCE_SECONDS: PRESENCE_SECONDS };
    const opts = { dataDir, engine, tools: [], appCallTimeoutMs: CALL_TIMEOUT_MS };
    a = await startTestServer(overrides, opts);
    b = await startTestServer(overrides, opts);
    admin = new Client(a.url);
    await admin.signIn();
    gaugesToken = await appToken(a, 'gauges', WORLD);
    await connectApp(b.url, 'gauges', GAUGES, gaugesToken);
    await until('instance 1 knows the app on instance 2', () => a.registry.get('gauges', WORLD));
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    for (const app of apps) await app.close();
    for (const proc of processes) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await a?.close();
    await b?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('both instances list the app once, as its own instance describes it', async () => {
    const [onA, onB] = [await listed(a, 'gauges'), await listed(b, 'gauges')];
    expect(onA).toHaveLength(1);
    expect(onA).toEqual(onB);
    expect(onA[0]!.processId).toBe('gauges-process');
    expect(a.registry.describe(a.registry.get('gauges', WORLD)!)).toEqual(
      b.registry.describe(b.registry.get('gauges', WORLD)!),
    );
  });

  it('unreadable announcements on the bus are dropped; nothing else changes', async () => {
    for (const garbage of [null, 'text', { instance: 7 }, { instance: 'x', apps: [{ name: 1 }] }])
      a.bus.publish('apps.held', garbage);
    // An announcement cannot take a built-in's name.
    a.bus.publish('apps.held', {
      instance: 'elsewhere',
      apps: [{ worldId: WORLD, name: 'emgen', cogs: [] }],
    });
    await sleep(300);
    expect(a.registry.get('emgen', WORLD)?.remote).toBeUndefined();
    expect(await listed(a, 'gauges')).toHaveLength(1);
    const sock = await socketOn(a);
    expect(await cogCall(sock, { appname: 'gauges', module: 'calls', cog: 'fine' })).toEqual({
      status: 'success',
      result: { fine: true },
    });
  });

  it('a second process of the app, through the other instance, is refused as on the same one', async () => {
    const twin = new CogApp({
      url: a.url,
      worldId: WORLD,
      appName: 'gauges',
      token: gaugesToken,
      reconnect: false,
    });
    twin.cog(GAUGES[4]!);
    const err: unknown = await twin.connect().then(
      () => new Error('the twin was accepted'),
      (e: unknown) => e,
    );
    await twin.close();
    // 4409 as on one instance: a name taken is not for good, so the library would retry.
    expect((err as Error).message).toBe('Connection closed (4409: App name taken)');
    expect(await listed(a, 'gauges')).toHaveLength(1);
    expect(await listed(b, 'gauges')).toHaveLength(1);
  });

  it("answers a tool call for a meeting held on instance 1: the expert's answer uses the app's result", async () => {
    const adminId = (await a.store.users.byEmail(ADMIN.email))!.id;
    const ws = await a.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    await a.store.workspaces.addExpert(ws.id, 'scout');
    const sock = await socketOn(a);
    // The tool provider is offered, and taken, on instance 1.
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: ws.id } });
    const added = await request(sock, 'workspace.toolprovider.add', {
      provider_name: 'gauges_tools',
    });
    expect(added.content.status).toBe('success');

    sock.send({ typ: 'user.message', content: { text: 'the boiler' } });
    const final = await until('the final answer', () =>
      sock.frames.find((f) => f.typ === 'assistant.message' && f.content.final === true),
    );
    expect(final.content.content).toBe('Scout read: pressure at the boiler is 42 bar');
    expect(sock.frames.some((f) => f.typ === 'server.tool.complete')).toBe(true);
    const stored = await until('the answer stored', async () =>
      (await a.store.transcripts.messages(ws.id)).find((m) => m.role === 'assistant'),
    );
    expect(stored.content).toBe('Scout read: pressure at the boiler is 42 bar');
  });

  it("opens the app's page and flow through instance 1", async () => {
    const sock = await socketOn(a);
    const page = await request(sock, 'page.display', { appname: 'gauges', pagename: 'dial' });
    expect(page.content).toMatchObject({
      status: 'ok',
      component: { component: 'Card', title: 'The dial, served from instance 2' },
    });
    await flowEvent(sock, 'gauges/steps', 'restart');
    const next = await flowEvent(sock, 'gauges/steps', 'inc');
    expect(next).toMatchObject({ status: 'ok', step: 1, steps: 5, done: false });
    expect(next.component.content).toBe('Gauge step 1');
  });

  it('a flow started on instance 1 resumes at the same step on instance 2', async () => {
    const onA = await socketOn(a);
    await flowEvent(onA, 'gauges/steps', 'restart');
    await flowEvent(onA, 'gauges/steps', 'inc');
    expect((await flowEvent(onA, 'gauges/steps', 'inc')).step).toBe(2);
    const onB = await socketOn(b);
    const resumed = await flowEvent(onB, 'gauges/steps', 'start');
    expect(resumed).toMatchObject({ status: 'ok', step: 2 });
    expect(resumed.component.content).toBe('Gauge step 2');

    // A built-in flow too: the consultant dialogue's second step, after a reload elsewhere.
    await flowEvent(onB, 'consultant-dialogue', 'restart');
    const asked = await flowEvent(onB, 'consultant-dialogue', 'user_input', {
      component: 'UserInput',
      message: 'I need help with finance percentages',
    });
    expect(asked.step).toBe(2);
    const again = await flowEvent(await socketOn(a), 'consultant-dialogue', 'start');
    expect(again).toMatchObject({ status: 'ok', step: 2 });
    expect(again.component).toEqual(asked.component);
  });

  it('answers, errors and timeouts read the same on either instance', async () => {
    const [onA, onB] = [await socketOn(a), await socketOn(b)];
    const both = (cog: string) =>
      Promise.all([onA, onB].map((s) => cogCall(s, { appname: 'gauges', module: 'calls', cog })));

    expect(await both('fine')).toEqual([
      { status: 'success', result: { fine: true } },
      { status: 'success', result: { fine: true } },
    ]);
    const broke = { status: 'error', error: 'the gauge broke' };
    expect(await both('boom')).toEqual([broke, broke]);
    const late = { status: 'error', error: 'gauges/calls/silent did not answer within 1.5 s' };
    expect(await both('silent')).toEqual([late, late]);
  });

  it('an app that disconnects mid-call fails both calls alike, and leaves both lists', async () => {
    let waiting = 0;
    const flaky = await connectApp(b.url, 'flaky', [
      cogOf('calls', 'wait', { callable: {} }, () => {
        waiting++;
        return new Promise(() => undefined);
      }),
    ]);
    await until('instance 1 lists flaky', () => a.registry.get('flaky', WORLD));
    const [onA, onB] = [await socketOn(a), await socketOn(b)];
    const target = { appname: 'flaky', module: 'calls', cog: 'wait' };
    const answers = Promise.all([cogCall(onA, target), cogCall(onB, target)]);
    await until('the app has both calls', () => waiting === 2);
    await flaky.close();
    const gone = { status: 'error', error: 'App "flaky" disconnected' };
    expect(await answers).toEqual([gone, gone]);
    await until('gone from instance 1', () => !a.registry.get('flaky', WORLD), 3000);
    expect(await listed(a, 'flaky')).toEqual([]);
    expect(await listed(b, 'flaky')).toEqual([]);
    // Unknown now, in the same words on both.
    const unknown = { status: 'error', error: 'Unknown app "flaky"' };
    expect(await Promise.all([cogCall(onA, target), cogCall(onB, target)])).toEqual([
      unknown,
      unknown,
    ]);
  });

  it("with Redis down the other instance's apps are not listed (nothing can reach them); they are back once it returns", async () => {
    await redis.down();
    await until('instance 1 drops the app of instance 2', () => !a.registry.get('gauges', WORLD));
    // Instance 2 still serves the app through its own socket.
    const onB = await socketOn(b);
    const fine = { appname: 'gauges', module: 'calls', cog: 'fine' };
    expect(await cogCall(onB, fine)).toEqual({ status: 'success', result: { fine: true } });
    expect(await listed(a, 'gauges')).toEqual([]);

    await redis.up();
    await until('instance 1 lists it again', () => a.registry.get('gauges', WORLD));
    expect(await listed(a, 'gauges')).toHaveLength(1);
    expect(await cogCall(await socketOn(a), fine)).toEqual({
      status: 'success',
      result: { fine: true },
    });
  });

  it(`kill -9 of the app's instance: its apps leave the others' lists after ${PRESENCE_SECONDS} s of silence, and one reconnecting elsewhere is listed once`, async () => {
    const proc = await startServerProcess({
      ...storeLocation(dataDir),
      REDIS_URL: redis.url,
      APP_PRESENCE_SECONDS: String(PRESENCE_SECONDS),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    processes.push(proc);
    const token = await appToken(a, 'lonely', WORLD);
    await connectApp(
      proc.url,
      'lonely',
      [cogOf('calls', 'hi', { callable: {} }, () => 'hi')],
      token,
    );
    await connectApp(proc.url, 'stranded', [cogOf('calls', 'hi', { callable: {} }, () => 'hi')]);
    await until('both instances list both apps', () =>
      ['lonely', 'stranded'].every((n) => a.registry.get(n, WORLD) && b.registry.get(n, WORLD)),
    );

    const killed = Date.now();
    proc.child.kill('SIGKILL');
    // The app comes back at once through instance 1, before the dead instance's entry expired.
    await connectApp(
      a.url,
      'lonely',
      [cogOf('calls', 'hi', { callable: {} }, () => 'hi again')],
      token,
    );
    // 'stranded' does not come back: it goes from both lists once instance 3 has been silent long enough.
    await until('stranded gone from both', () =>
      [a, b].every((s) => !s.registry.get('stranded', WORLD)),
    );
    const elapsed = Date.now() - killed;
    // The bound is the presence time plus one beat (a third of it) of the instance that checks;
    // 5 s more for a busy machine (the default bound is 15 s).
    expect(elapsed).toBeLessThan((PRESENCE_SECONDS * 1000 * 4) / 3 + 5000);

    await sleep(PRESENCE_SECONDS * 1000); // past the bound: nothing left of instance 3
    for (const server of [a, b]) {
      expect(await listed(server, 'lonely')).toEqual([
        { appName: 'lonely', processId: 'lonely-process', annotations: expect.any(Object) },
      ]);
      expect(await listed(server, 'stranded')).toEqual([]);
      const sock = await socketOn(server);
      expect(await cogCall(sock, { appname: 'lonely', module: 'calls', cog: 'hi' })).toEqual({
        status: 'success',
        result: 'hi again',
      });
    }
    fs.rmSync(proc.dataDir, { recursive: true, force: true });
  }, 90_000);
});
