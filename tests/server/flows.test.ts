import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CogApp } from '../../client/cogApp';
import type { App } from '../../server/cog/registry';
import { runUsersCommand } from '../../server/cli/users';
import { FlowStates } from '../../server/pages';
import {
  Client,
  openSocket,
  openTestStore,
  startTestServer,
  type TestServer,
  type TestSocket,
} from './harness';
import { consoleGets } from './consoleGets';
import { expectKnownComponents, nodesNamed, request, textOf } from './screenHelpers';

const WORLD = 'innovation-lab';
let server: TestServer;
let admin: Client;
let adminId: string;
const sockets: TestSocket[] = [];
let remote: CogApp | undefined;

/** Flows that misbehave, registered like any other app. */
const brokenFlows = (): App => ({
  name: 'testflows',
  cogs: [
    {
      module: 'flows',
      name: 'boom',
      annotations: { flow: { flow_id: 'boom' } },
      handler: async () => {
        throw new Error('flow kaboom');
      },
    },
    {
      module: 'flows',
      name: 'garbage',
      annotations: { flow: { flow_id: 'garbage' } },
      handler: async () => ({ component: { component: 'Text', content: 'no state' } }),
    },
    {
      module: 'flows',
      name: 'offsite',
      annotations: { flow: { flow_id: 'offsite' } },
      handler: async () => ({
        state: {},
        component: { component: 'Text', content: 'bye' },
        done: true,
        redirect_url: '//evil.example/',
      }),
    },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  server.registry.register(brokenFlows());
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await remote?.close();
  await server.close();
});

async function socketFor(worldId = WORLD) {
  const sock = openSocket(server, admin, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  return sock;
}

/** Sends one flow.event and returns the flow.screen.display content. */
async function flowEvent(
  sock: TestSocket,
  flowid: string | undefined,
  event_handler: string,
  attrs?: object,
) {
  const reply = await request(sock, 'flow.event', {
    event_handler,
    ...(flowid !== undefined ? { flowid } : {}),
    ...(attrs ? { attrs } : {}),
  });
  expect(reply.typ).toBe('flow.screen.display');
  if (reply.content.status === 'ok') expectKnownComponents(reply.content.component);
  return reply.content;
}

const say = (sock: TestSocket, flowid: string, message: string) =>
  flowEvent(sock, flowid, 'user_input', { component: 'UserInput', message });

const alertOf = (screen: any): any => nodesNamed(screen.component, 'Alert')[0];
const options = (screen: any): any[] => nodesNamed(screen.component, 'Option');
const buttons = (screen: any): any[] => nodesNamed(screen.component, 'Button');

describe('the onboarding flow', () => {
  it('goes from the first question to a real workspace', async () => {
    const sock = await socketFor();
    const first = await flowEvent(sock, 'onboarding', 'restart');
    expect(first).toMatchObject({ flowid: 'onboarding', status: 'ok', step: 1, steps: 5 });
    expect(first.done).toBe(false);
    expect(first.component.title).toBe('Set up your first workspace');
    const list = nodesNamed(first.component, 'OptionList')[0]!;
    expect(list.title).toBe('What will you work on?');
    expect(options(first).map((o) => [o.optionLetter, o.label, o.event_handler, o.attrs])).toEqual([
      ['A', 'Numbers & finance', 'choose_focus', { focus: 'numbers' }],
      ['B', 'Software', 'choose_focus', { focus: 'software' }],
      ['C', 'Documents & research', 'choose_focus', { focus: 'research' }],
      ['D', 'Scheduling', 'choose_focus', { focus: 'scheduling' }],
    ]);

    const tools = await flowEvent(sock, 'onboarding', 'choose_focus', { focus: 'research' });
    expect(tools.step).toBe(2);
    expect(options(tools).map((o) => o.attrs.tools)).toEqual([
      'calculator',
      'dates',
      'documents',
      'recommended',
    ]);
    expect(options(tools)[3]!.label).toBe(
      'All recommended for Documents & research (documents, web_search)',
    );

    const name = await flowEvent(sock, 'onboarding', 'choose_tools', { tools: 'recommended' });
    expect(name.step).toBe(3);
    expect(buttons(name).map((b) => b.label)).toContain(
      'Use suggested name: Documents & research workspace',
    );

    const summary = await say(sock, 'onboarding', '  Research desk  ');
    expect(summary.step).toBe(4);
    const text = textOf(summary.component);
    expect(text).toMatch(/Librarian Lee, Scout/);
    expect(text).toMatch(/documents, web_search/);
    expect(text).toMatch(/\*\*Name:\*\* Research desk/);
    expect(buttons(summary).map((b) => [b.label, b.event_handler])).toEqual(
      expect.arrayContaining([
        ['Create workspace', 'create'],
        ['Start over', 'restart'],
      ]),
    );

    const done = await flowEvent(sock, 'onboarding', 'create');
    expect(done).toMatchObject({ status: 'ok', done: true, step: 5, steps: 5 });
    expect(done.component.title).toBe('Your workspace is ready');
    const open = buttons(done).find((b) => b.label === 'Open workspace')!;
    const match = /^open-link:\/w\/innovation-lab\/workspace\?id=([\w-]+)$/.exec(open.action);
    expect(match).not.toBeNull();
    const id = match![1]!;
    const ws = server.store.workspaces;
    expect(await ws.byId(id)).toMatchObject({
      world_id: WORLD,
      status: 'active',
      name: 'Research desk',
    });
    expect(await ws.expertIds(id)).toEqual(['librarian', 'scout']);
    expect(await ws.toolProviders(id)).toEqual(['documents', 'web_search']);
    expect((await ws.users(id)).map((u) => u.user_id)).toEqual([adminId]);
    expect((await ws.listForUser(WORLD, adminId)).map((w) => w.id)).toContain(id);

    // Done: the state is forgotten, the next visit starts again.
    expect((await flowEvent(sock, 'onboarding', 'start')).step).toBe(1);
  });

  it('resumes on reload, goes back, and restarts', async () => {
    const sock = await socketFor();
    await flowEvent(sock, 'onboarding', 'restart');
    await flowEvent(sock, 'onboarding', 'choose_focus', { focus: 'numbers' });
    await flowEvent(sock, 'onboarding', 'choose_tools', { tools: 'calculator' });
    sock.ws.close();

    const reloaded = await socketFor();
    const resumed = await flowEvent(reloaded, 'onboarding', 'start');
    expect(resumed.step).toBe(3);
    expect(buttons(resumed).map((b) => b.label)).toContain(
      'Use suggested name: Numbers & finance workspace',
    );
    expect((await flowEvent(reloaded, 'onboarding', 'back')).step).toBe(2);
    const again = await flowEvent(reloaded, 'onboarding', 'restart');
    expect(again.step).toBe(1);
    expect((await flowEvent(reloaded, 'onboarding', 'start')).step).toBe(1);

    // Another world is another flow.
    await flowEvent(reloaded, 'onboarding', 'choose_focus', { focus: 'software' });
    const elsewhere = await socketFor('acme_research');
    expect((await flowEvent(elsewhere, 'onboarding', 'start')).step).toBe(1);
  });

  it('refuses a blank name, a long name and unknown choices on the same screen', async () => {
    const sock = await socketFor();
    await flowEvent(sock, 'onboarding', 'restart');
    const badFocus = await flowEvent(sock, 'onboarding', 'choose_focus', { focus: 'knitting' });
    expect(badFocus.step).toBe(1);
    expect(alertOf(badFocus)).toMatchObject({
      type: 'error',
      content: 'Unknown choice "knitting"',
    });
    // A description picks the focus too.
    const described = await say(sock, 'onboarding', 'Mostly calendars and deadlines');
    expect(described.step).toBe(2);
    expect(options(described)[3]!.label).toMatch(/Scheduling \(date_and_time\)/);
    await flowEvent(sock, 'onboarding', 'choose_tools', { tools: 'dates' });

    const blank = await say(sock, 'onboarding', '   \n ');
    expect(blank.step).toBe(3);
    expect(alertOf(blank)).toMatchObject({
      type: 'error',
      content: 'Please type a name for the workspace',
    });
    const long = await say(sock, 'onboarding', 'x'.repeat(201));
    expect(long.step).toBe(3);
    expect(alertOf(long).content).toBe('Workspace name must be at most 200 characters');

    const unknown = await flowEvent(sock, 'onboarding', 'dance', { x: 1 });
    expect(unknown).toMatchObject({ status: 'ok', step: 3 });
    expect(alertOf(unknown)).toMatchObject({ type: 'error', content: 'Unknown action "dance"' });

    const suggested = await flowEvent(sock, 'onboarding', 'use_suggested_name');
    expect(suggested.step).toBe(4);
    expect(textOf(suggested.component)).toMatch(/Scheduling workspace/);
    expect(textOf(suggested.component)).toMatch(/Chrono/);
  });
});

describe('the flow runtime', () => {
  it('refuses an unknown flow and a missing flowid', async () => {
    const sock = await socketFor();
    expect(await flowEvent(sock, 'nope', 'start')).toMatchObject({
      flowid: 'nope',
      status: 'error',
      error: 'Unknown flow "nope"',
    });
    expect(await flowEvent(sock, undefined, 'start')).toMatchObject({
      status: 'error',
      error: 'flowid is required',
    });
    expect(await flowEvent(sock, '  ', 'start')).toMatchObject({ error: 'flowid is required' });
  });

  it('reports a broken flow and an invalid screen, also on the console', async () => {
    const sock = await socketFor();
    expect(await flowEvent(sock, 'boom', 'start')).toMatchObject({
      status: 'error',
      error: 'flow kaboom',
    });
    await consoleGets(server, WORLD, {
      app_name: 'testflows',
      from: 'flow.error',
      message: 'Flow boom failed: flow kaboom',
    });
    expect(await flowEvent(sock, 'garbage', 'start')).toMatchObject({
      status: 'error',
      error: 'The flow returned an invalid screen',
    });
    const offsite = await flowEvent(sock, 'offsite', 'start');
    expect(offsite).toMatchObject({ status: 'ok', done: true });
    expect(offsite.redirect_url).toBeUndefined();
  });

  it("runs a remote app's flow, keeping its state on the server between events", async () => {
    const lines: string[] = [];
    await runUsersCommand(['app-token', 'remote-flows', WORLD], server.store, {
      out: (l) => lines.push(l),
    });
    const calls: unknown[] = [];
    remote = new CogApp({
      url: server.url,
      worldId: WORLD,
      appName: 'remote-flows',
      token: lines[1]!,
      reconnect: false,
    });
    remote.cog({
      module: 'flows',
      name: 'counter',
      annotations: { flow: { flow_id: 'counter', title: 'Count' } },
      handler: ({ kvargs }) => {
        calls.push(kvargs);
        const n = Number((kvargs.state as { n?: number }).n ?? 0);
        const next =
          (kvargs.event as { event_handler?: string } | undefined)?.event_handler === 'inc'
            ? n + 1
            : n;
        return {
          state: { n: next },
          component: { component: 'Text', content: `Count: ${next}` },
          step: next,
          steps: 10,
        };
      },
    });
    await remote.connect();
    const sock = await socketFor();
    // A remote app's flow id is namespaced by its name; the bare id is not its.
    expect(await flowEvent(sock, 'counter', 'start')).toMatchObject({
      status: 'error',
      error: 'Unknown flow "counter"',
    });
    await flowEvent(sock, 'remote-flows/counter', 'restart');
    await flowEvent(sock, 'remote-flows/counter', 'inc', { by: 1 });
    const second = await flowEvent(sock, 'remote-flows/counter', 'inc');
    expect(second).toMatchObject({ status: 'ok', step: 2, steps: 10, done: false });
    expect(second.component.content).toBe('Count: 2');
    expect(
      (await flowEvent(await socketFor(), 'remote-flows/counter', 'start')).component.content,
    ).toBe('Count: 2');
    // The cog hears its own flow id.
    expect(calls[1]).toEqual({
      flowid: 'counter',
      state: { n: 0 },
      event: { event_handler: 'inc', attrs: { by: 1 } },
    });
    expect(calls.at(-1)).toEqual({ flowid: 'counter', state: { n: 2 } });
  });

  it('keeps at most the configured number of flows and forgets idle ones', async () => {
    // A store of its own: the cap counts every flow of the store.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-flows-'));
    const store = await openTestStore(dataDir);
    try {
      let now = 0;
      const states = new FlowStates(store, { max: 2, idleMs: 1000, now: () => now });
      const key = (flowid: string) => ({ worldId: 'w', userId: 'u', flowid });
      await states.set(key('a'), { n: 1 });
      now = 10;
      await states.set(key('b'), { n: 2 });
      now = 20;
      expect(await states.get(key('a'))).toEqual({ n: 1 }); // a is now the most recent
      now = 30;
      await states.set(key('c'), { n: 3 });
      expect(await states.get(key('b'))).toBeUndefined();
      expect(await states.size()).toBe(2);
      now = 900;
      expect(await states.get(key('c'))).toEqual({ n: 3 });
      now = 1500;
      expect(await states.get(key('a'))).toBeUndefined();
      expect(await states.get(key('c'))).toEqual({ n: 3 });
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the consultant dialogue', () => {
  it('recommends Ada for finance percentages and creates the workspace on accept', async () => {
    const sock = await socketFor();
    const ask = await flowEvent(sock, 'consultant-dialogue', 'restart');
    expect(ask).toMatchObject({ status: 'ok', step: 1, steps: 3, done: false });
    expect(textOf(ask.component)).toMatch(/What do you need help with\?/);

    const rec = await say(sock, 'consultant-dialogue', 'I need help with finance percentages');
    expect(rec.step).toBe(2);
    const [first, ...rest] = options(rec);
    expect(first).toMatchObject({
      optionLetter: 'A',
      event_handler: 'accept',
      attrs: { expert_id: 'ada-quant' },
    });
    expect(first!.label).toBe(
      'Ada Quant: knows finance and percentages; works on numbers and calculations',
    );
    expect(rest).toEqual([]);
    expect(buttons(rec).map((b) => [b.label, b.event_handler])).toEqual([
      ['Start a workspace with Ada Quant', 'accept'],
      ['Ask again', 'ask_again'],
    ]);

    const done = await flowEvent(sock, 'consultant-dialogue', 'accept', {
      expert_id: 'ada-quant',
    });
    expect(done).toMatchObject({ status: 'ok', done: true, step: 3 });
    const action = buttons(done)[0]!.action as string;
    const id = /^open-link:\/w\/innovation-lab\/workspace\?id=([\w-]+)$/.exec(action)![1]!;
    expect(await server.store.workspaces.byId(id)).toMatchObject({
      name: 'Consultation: I need help with finance percentages',
      status: 'active',
    });
    expect(await server.store.workspaces.expertIds(id)).toEqual(['ada-quant']);
    expect(await server.store.workspaces.toolProviders(id)).toEqual(['calculations']);
  });

  it('says clearly when nothing matches, and lets the user ask again', async () => {
    const sock = await socketFor();
    await flowEvent(sock, 'consultant-dialogue', 'restart');
    const none = await say(sock, 'consultant-dialogue', 'zzzz');
    expect(none.step).toBe(1);
    expect(alertOf(none)).toMatchObject({ type: 'warning', title: 'Nothing matches' });
    expect(alertOf(none).content).toMatch(/^No expert of this world matches "zzzz"\./);
    expect(options(none)).toEqual([]);

    const blank = await say(sock, 'consultant-dialogue', '  ');
    expect(alertOf(blank).content).toBe('Please describe what you need help with');

    const several = await say(
      sock,
      'consultant-dialogue',
      'Schedule the deadlines of our documents',
    );
    expect(options(several).map((o) => o.attrs.expert_id)).toEqual(['chrono', 'librarian']);
    const badAccept = await flowEvent(sock, 'consultant-dialogue', 'accept', {
      expert_id: 'devon',
    });
    expect(alertOf(badAccept).content).toBe('"devon" is not one of the recommended experts');
    const back = await flowEvent(sock, 'consultant-dialogue', 'ask_again');
    expect(back.step).toBe(1);
    expect(alertOf(await flowEvent(sock, 'consultant-dialogue', 'accept')).content).toBe(
      'Unknown action "accept"',
    );
  });
});
