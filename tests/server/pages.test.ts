import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CogApp } from '../../client/cogApp';
import type { App } from '../../server/cog/registry';
import { runUsersCommand } from '../../server/cli/users';
import { loadMathjs } from '../../server/meeting/tools/mathjs';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';
import { consoleGets } from './consoleGets';
import { expectKnownComponents, nodesNamed, request, textOf } from './screenHelpers';

const WORLD = 'innovation-lab';
let server: TestServer;
let admin: Client;
let adminId: string;
const sockets: TestSocket[] = [];
const remoteApps: CogApp[] = [];

/** An in-process app with pages that misbehave, registered like any other. */
const misbehaving = (): App => ({
  name: 'testpages',
  cogs: [
    {
      module: 'pages',
      name: 'boom',
      annotations: { page: { pagename: 'boom' } },
      handler: async () => {
        throw new Error('kaboom');
      },
    },
    {
      module: 'pages',
      name: 'slow',
      annotations: { page: { pagename: 'slow' } },
      handler: () => new Promise(() => undefined),
    },
    {
      module: 'pages',
      name: 'nothing',
      annotations: { page: { pagename: 'nothing' } },
      handler: async () => ({ flash: 'no component' }),
    },
    {
      module: 'pages',
      name: 'flashy',
      annotations: { page: { pagename: 'flashy' } },
      handler: async (args) =>
        args.kvargs?.event
          ? { flash: 'Saved!', redirect_url: 'https://evil.example/steal' }
          : { component: { component: 'Text', content: 'flashy' } },
    },
  ],
});

beforeAll(async () => {
  // The demo page's calculator loads mathjs on its first use (about a second), longer
  // than the 300 ms these tests give a page: loaded here, as an earlier question would.
  await loadMathjs();
  server = await startTestServer({}, { screenTimeoutMs: 300 });
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  server.registry.register(misbehaving());
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  for (const a of remoteApps) await a.close();
  await server.close();
});

async function socketFor(worldId = WORLD) {
  const sock = openSocket(server, admin, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  return sock;
}

async function display(content: object, worldId = WORLD) {
  const reply = await request(await socketFor(worldId), 'page.display', content);
  expect(reply.typ).toBe('page.display');
  return reply.content;
}

describe('page.display', () => {
  it("shows an expert's home page by app and page name", async () => {
    const page = await display({ appname: 'experts', pagename: 'ada-quant' });
    expect(page).toMatchObject({ appname: 'experts', pagename: 'ada-quant', status: 'ok' });
    expect(page.error).toBeUndefined();
    expectKnownComponents(page.component);
    expect(page.component.component).toBe('Layout');
    const card = page.component.main;
    expect(card).toMatchObject({ component: 'Card', title: 'Ada Quant' });
    const topics = nodesNamed(page.component, 'Topic').map((t) => t.topic);
    expect(topics).toEqual(
      expect.arrayContaining(['finance', 'percentages', 'What is 12.5% of 2,480?']),
    );
    expect(textOf(page.component)).toMatch(/checks every number twice/);
    expect(textOf(page.component)).toMatch(/\*\*calculations\*\*/);
    expect(nodesNamed(page.component, 'Button')).toEqual([
      expect.objectContaining({
        label: 'Start a workspace with Ada Quant',
        event_handler: 'start_workspace',
      }),
    ]);
  });

  it('suits the example questions and tools to each expert', async () => {
    const chrono = await display({ appname: 'experts', pagename: 'chrono' });
    expect(textOf(chrono.component)).toMatch(/What time is it in Tokyo\?/);
    expect(textOf(chrono.component)).toMatch(/date_and_time/);
    expect(textOf(chrono.component)).not.toMatch(/12\.5%/);
    const librarian = await display({ appname: 'experts', pagename: 'librarian' });
    expect(textOf(librarian.component)).toMatch(/\*\*documents\*\*/);
  });

  it('finds a page by its declared path, its route and app/page', async () => {
    await server.drives.ensureDrive(WORLD, 'notes');
    const demo = await display({ path: '/u1/demo' });
    expect(demo).toMatchObject({
      appname: 'emgen-pages',
      pagename: 'demo',
      path: '/u1/demo',
      status: 'ok',
    });
    expectKnownComponents(demo.component);
    const notebook = nodesNamed(demo.component, 'Notebook')[0]!;
    expect(notebook.sections!.map((s) => s.title)).toEqual(['Calculator', 'Numbers', 'Components']);
    for (const name of ['ChatInput', 'Quote', 'Markdown', 'Alert', 'Text'])
      expect(nodesNamed(demo.component, name).length).toBeGreaterThan(0);
    const glance = nodesNamed(demo.component, 'Chart').find(
      (c) => c.title === 'This world at a glance',
    )!;
    const drives = nodesNamed(demo.component, 'Chart').find(
      (c) => c.title === 'Drives of this world',
    );
    expect(drives!.data).toEqual({
      labels: ['notes'],
      series: [
        { label: 'Files', values: [0] },
        { label: 'Size (KB)', values: [0] },
      ],
    });
    expect(glance.data).toEqual({
      labels: ['Workspaces', 'Experts', 'Tool providers', 'Drives'],
      series: [
        {
          label: 'Count',
          values: [(await server.store.workspaces.listForWorld(WORLD)).length, 5, 4, 1],
        },
      ],
    });
    const route = await display({ path: '/a/experts/p/chrono' });
    expect(route).toMatchObject({ appname: 'experts', pagename: 'chrono', status: 'ok' });
    expect(route.component.main.title).toBe('Chrono');
    const bare = await display({ path: '/experts/devon' });
    expect(bare.component.main.title).toBe('Devon Code');
    expect(await display({ path: '/nowhere' })).toMatchObject({
      status: 'error',
      error: 'No page at path "/nowhere"',
    });
  });

  it('answers each refusal with status error and a clear message', async () => {
    expect(await display({})).toMatchObject({
      status: 'error',
      error: 'Invalid page configuration: requires either path or appname+pagename',
    });
    expect(await display({ appname: 'experts' })).toMatchObject({
      status: 'error',
      error: 'Invalid page configuration: requires either path or appname+pagename',
    });
    expect(await display({ appname: 'nope', pagename: 'x' })).toMatchObject({
      appname: 'nope',
      pagename: 'x',
      status: 'error',
      error: 'Unknown app "nope"',
    });
    expect(await display({ appname: 'experts', pagename: 'nobody' })).toMatchObject({
      status: 'error',
      error: 'Page "nobody" not found in app "experts"',
    });
  });

  it('reports a page cog that throws, times out or returns no screen, also on the console', async () => {
    expect(await display({ appname: 'testpages', pagename: 'boom' })).toMatchObject({
      status: 'error',
      error: 'kaboom',
    });
    await consoleGets(server, WORLD, {
      app_name: 'testpages',
      from: 'page.error',
      message: 'Page testpages/boom failed: kaboom',
    });
    expect(await display({ appname: 'testpages', pagename: 'slow' })).toMatchObject({
      status: 'error',
      error: 'Page "slow" of app "testpages" did not answer within 0.3 s',
    });
    expect(await display({ appname: 'testpages', pagename: 'nothing' })).toMatchObject({
      status: 'error',
      error: 'The page returned an invalid screen',
    });
    await consoleGets(server, WORLD, {
      message:
        'Page testpages/nothing failed: The page returned an invalid screen (component is required)',
    });
  });
});

describe('page.event', () => {
  const event = async (content: object) => {
    const reply = await request(await socketFor(), 'page.event', content);
    expect(reply.typ).toBe('page.display');
    return reply.content;
  };
  const workspaceOf = async (url: string) => {
    const id = new URL(url, 'http://x').searchParams.get('id')!;
    const ws = server.store.workspaces;
    return {
      row: await ws.byId(id),
      experts: await ws.expertIds(id),
      providers: await ws.toolProviders(id),
      users: (await ws.users(id)).map((u) => u.user_id),
      listed: (await ws.listForUser(WORLD, adminId)).some((w) => w.id === id),
    };
  };

  it('start_workspace creates a workspace with the expert and redirects to it', async () => {
    const reply = await event({
      event_handler: 'start_workspace',
      appname: 'experts',
      pagename: 'ada-quant',
      attrs: {},
    });
    expect(reply).toMatchObject({ appname: 'experts', pagename: 'ada-quant', status: 'ok' });
    expect(reply.redirect_url).toMatch(/^\/w\/innovation-lab\/workspace\?id=[\w-]+$/);
    expect(await workspaceOf(reply.redirect_url)).toEqual({
      row: expect.objectContaining({
        world_id: WORLD,
        status: 'active',
        name: 'Workspace with Ada Quant',
        created_by: adminId,
      }),
      experts: ['ada-quant'],
      providers: ['calculations'],
      users: [adminId],
      listed: true,
    });
  });

  it('a clicked topic starts a workspace named after it (pagename alone is enough)', async () => {
    const reply = await event({
      event_handler: 'topic_clicked',
      pagename: 'chrono',
      attrs: { topic: 'time zones', action: 'topic_clicked' },
    });
    expect(reply.status).toBe('ok');
    const ws = await workspaceOf(reply.redirect_url);
    expect(ws.row).toMatchObject({ name: 'Chrono: time zones', world_id: WORLD });
    expect(ws.experts).toEqual(['chrono']);
    expect(ws.providers).toEqual(['date_and_time']);
    // A renderer that sends its own event_handler still marks the click with action.
    const other = await event({
      event_handler: 'topic',
      appname: 'experts',
      pagename: 'devon',
      attrs: { topic: 'What is 12.5% of 2,480?', action: 'topic_clicked' },
    });
    expect((await workspaceOf(other.redirect_url)).row!.name).toBe(
      'Devon Code: What is 12.5% of 2,480?',
    );
  });

  it('answers an unknown action and a missing topic on the page itself', async () => {
    const unknown = await event({ event_handler: 'dance', appname: 'experts', pagename: 'scout' });
    expect(unknown.status).toBe('ok');
    expect(unknown.redirect_url).toBeUndefined();
    expect(nodesNamed(unknown.component, 'Alert')[0]).toMatchObject({
      type: 'error',
      content: 'Unknown action "dance"',
    });
    const blank = await event({
      event_handler: 'topic_clicked',
      appname: 'experts',
      pagename: 'scout',
      attrs: { topic: '  ' },
    });
    expect(nodesNamed(blank.component, 'Alert')[0]!.content).toBe('No topic was given');
  });

  it("the demo page's chat evaluates with the calculator tool", async () => {
    const reply = await event({
      event_handler: 'chat',
      appname: 'emgen-pages',
      pagename: 'demo',
      attrs: { message: '2+3*4' },
    });
    expect(reply.status).toBe('ok');
    expectKnownComponents(reply.component);
    expect(nodesNamed(reply.component, 'Alert')[0]).toMatchObject({
      type: 'success',
      content: '2+3*4 = 14',
    });
    const percent = await event({
      event_handler: 'chat',
      appname: 'emgen-pages',
      pagename: 'demo',
      attrs: { message: '12.5% of 2,480' },
    });
    expect(nodesNamed(percent.component, 'Alert')[0]!.content).toBe('(12.5 / 100) * 2480 = 310');
    const refused = await event({
      event_handler: 'chat',
      appname: 'emgen-pages',
      pagename: 'demo',
      attrs: { message: 'import("fs")' },
    });
    expect(nodesNamed(refused.component, 'Alert')[0]).toMatchObject({ type: 'error' });
  });

  it('sends flash.message and drops a redirect off this site', async () => {
    const sock = await socketFor();
    const reply = await request(sock, 'page.event', {
      event_handler: 'save',
      appname: 'testpages',
      pagename: 'flashy',
    });
    expect(reply.content).toMatchObject({ status: 'ok', appname: 'testpages' });
    expect(reply.content.redirect_url).toBeUndefined();
    expect((await sock.next('flash.message')).content).toEqual({ text: 'Saved!' });
  });

  it('errors reply page.display with status error', async () => {
    expect(
      await event({ event_handler: 'x', appname: 'testpages', pagename: 'boom' }),
    ).toMatchObject({ status: 'error', error: 'kaboom' });
    expect(await event({ event_handler: 'x' })).toMatchObject({
      status: 'error',
      error: 'Invalid page configuration: requires either path or appname+pagename',
    });
  });
});

describe('pages of a remote app', () => {
  const seen: unknown[] = [];

  beforeAll(async () => {
    const lines: string[] = [];
    await runUsersCommand(['app-token', 'remote-pages', WORLD], server.store, {
      out: (l) => lines.push(l),
    });
    const app = new CogApp({
      url: server.url,
      worldId: WORLD,
      appName: 'remote-pages',
      token: lines[1]!,
      reconnect: false,
    });
    app.cog({
      module: 'pages',
      name: 'hello',
      annotations: { page: { pagename: 'hello', title: 'Hello', path: '/hello' } },
      handler: ({ kvargs }) => {
        seen.push(kvargs);
        const event = kvargs.event as { attrs?: { message?: string } } | undefined;
        return {
          component: {
            component: 'Card',
            title: 'Hello from afar',
            children: [{ component: 'Text', content: event?.attrs?.message ?? 'no message' }],
          },
        };
      },
    });
    app.cog({
      module: 'pages',
      name: 'garbage',
      annotations: { page: { pagename: 'garbage' } },
      handler: () => ({ component: { children: 'no component name' } }),
    });
    remoteApps.push(app);
    await app.connect();
  });

  it('is served through page.display and page.event', async () => {
    const page = await display({ appname: 'remote-pages', pagename: 'hello' });
    // A remote app's declared path is namespaced by its name.
    expect(page).toMatchObject({ status: 'ok', path: '/remote-pages/hello' });
    expect(page.component).toMatchObject({ component: 'Card', title: 'Hello from afar' });
    expect((await display({ path: '/remote-pages/hello' })).component.title).toBe(
      'Hello from afar',
    );
    expect(await display({ path: '/hello' })).toMatchObject({
      status: 'error',
      error: 'No page at path "/hello"',
    });
    const reply = await request(await socketFor(), 'page.event', {
      event_handler: 'chat',
      appname: 'remote-pages',
      pagename: 'hello',
      attrs: { message: 'hi there' },
    });
    expect(nodesNamed(reply.content.component, 'Text')[0]!.content).toBe('hi there');
    expect(seen.at(-1)).toEqual({
      pagename: 'hello',
      event: { event_handler: 'chat', attrs: { message: 'hi there' } },
    });
  });

  it('a screen that breaks the contract is refused', async () => {
    expect(await display({ appname: 'remote-pages', pagename: 'garbage' })).toMatchObject({
      status: 'error',
      error: 'The page returned an invalid screen',
    });
    await consoleGets(server, WORLD, { app_name: 'remote-pages', from: 'page.error' });
  });

  it('is not seen in another world', async () => {
    expect(
      await display({ appname: 'remote-pages', pagename: 'hello' }, 'acme_research'),
    ).toMatchObject({ status: 'error', error: 'Unknown app "remote-pages"' });
  });
});
