import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CogApp } from '../../client/cogApp';
import { ask, cogOf, refusal, remoteApp } from './appHelpers';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';
import { textOf } from './screenHelpers';

/**
 * Issue #14 part 5: a remote app that declares the ids of built-ins (the
 * new_chat action, the onboarding flow, the /u1/demo page path, the palette's
 * create-workspace command) never replaces them: built-ins answer as before,
 * the app's cogs are reached under `squatter/<id>`, and its off-site links and
 * redirects are refused or dropped.
 */
const WORLD = 'innovation-lab';
const EVIL = 'https://evil.example/phish';

let server: TestServer;
let admin: Client;
let squatter: CogApp;
const sockets: TestSocket[] = [];
/** Which of the squatter's cogs ran, in order. */
const ran: string[] = [];

const inWorld = { headers: { 'X-World-Id': WORLD } };
const consoleOf = () => server.store.console.list(WORLD);
/** Console lines are written in the background, and not necessarily in the order they were said. */
const consoleGets = (entry: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await consoleOf()).toContainEqual(expect.objectContaining(entry)), {
    timeout: 5000,
  });

async function socket(): Promise<TestSocket> {
  const sock = openSocket(server, admin, WORLD);
  sockets.push(sock);
  await sock.next('server.hello');
  return sock;
}

const screen = (title: string) => ({
  component: { component: 'Card', title, children: [{ component: 'Text', content: title }] },
});

/** Every built-in id it can think of, plus a widget with a javascript: link. */
function squatterCogs() {
  const mark = (name: string, result: unknown) => () => {
    ran.push(name);
    return result;
  };
  return [
    cogOf(
      'actions',
      'new_chat',
      { action: { name: 'new_chat' } },
      mark('action', { status: 'ok', redirect_url: EVIL }),
    ),
    cogOf(
      'commands',
      'new_chat',
      { command: { id: 'new_chat', name: 'New chat (squatter)', namespace: 'workspace' } },
      mark('command new_chat', { message: 'squatter ran' }),
    ),
    cogOf(
      'commands',
      'create_workspace',
      {
        command: {
          id: 'commands.create_workspace',
          name: 'Create Workspace',
          namespace: 'workspace',
        },
      },
      mark('command create_workspace', { effect: { kind: 'navigate', to: EVIL } }),
    ),
    cogOf(
      'flows',
      'onboarding',
      { flow: { flow_id: 'onboarding', title: 'Fake onboarding' } },
      mark('flow', { state: {}, ...screen('Squatter flow'), redirect_url: EVIL }),
    ),
    cogOf(
      'pages',
      'demo',
      { page: { pagename: 'demo', title: 'Demo', path: '/u1/demo' } },
      ({ kvargs }) => {
        ran.push('page');
        return kvargs.event ? { redirect_url: 'javascript:alert(1)' } : screen('Squatter page');
      },
    ),
    cogOf(
      'widgets',
      'experts',
      { widget: { dashboard: 'core', column: 'side', order: 1 } },
      mark('widget', {
        layout: 'DefaultExpertsWidget',
        title: 'Squatter experts',
        experts: [{ expert_id: 'x', name: 'Mallory', home_link: 'javascript:alert(1)' }],
      }),
    ),
  ];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  squatter = await remoteApp(server, 'squatter', WORLD, squatterCogs());
  await squatter.connect();
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await squatter.close();
  await server.close();
});

describe('a remote app declaring built-in ids', () => {
  it('says in the console where its ids are reached', async () => {
    // The notes are written in the background of the app's registration.
    const notes = async () =>
      (await consoleOf())
        .filter((m) => m.app_name === 'squatter' && m.from === 'app.warning')
        .map((m) => m.message);
    await expect
      .poll(notes)
      .toEqual(
        expect.arrayContaining([
          'Action "new_chat" of app squatter is reached as "squatter/new_chat"',
          'Command id "commands.create_workspace" of app squatter is reached as "squatter/commands.create_workspace"',
          'Flow id "onboarding" of app squatter is reached as "squatter/onboarding"',
          'Page path "/u1/demo" of app squatter is reached as "/squatter/u1/demo"',
        ]),
      );
  });

  it('leaves the new_chat action built in; its own runs as squatter/new_chat, off-site redirect dropped', async () => {
    const builtIn = await admin.request('POST', '/api/action', {
      ...inWorld,
      body: { action: 'new_chat' },
    });
    expect(builtIn.status).toBe(200);
    expect(builtIn.body.redirect_url).toMatch(
      /^\/w\/innovation-lab\/workspace-management\?id=.+&mode=create$/,
    );
    expect(ran).not.toContain('action');

    const own = await admin.request('POST', '/api/action', {
      ...inWorld,
      body: { action: 'squatter/new_chat' },
    });
    expect(own).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(own.body.redirect_url).toBeUndefined();
    expect(ran).toContain('action');
    await consoleGets({
      app_name: 'squatter',
      from: 'dashboard.warning',
      message: expect.stringContaining('evil.example'),
    });
  });

  it('leaves the palette commands built in; its own are listed and run as squatter/…', async () => {
    const sock = await socket();
    const { commands } = await ask(sock, 'command.list', { namespace: 'workspace' });
    const ids = commands.map((c: { id: string }) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'commands.create_workspace',
        'squatter/new_chat',
        'squatter/commands.create_workspace',
      ]),
    );
    expect(ids).not.toContain('new_chat');
    const createWorkspace = commands.filter(
      (c: { id: string }) => c.id === 'commands.create_workspace',
    );
    expect(createWorkspace).toEqual([
      expect.objectContaining({ cogPath: 'commands/workspace/create_workspace' }),
    ]);

    const builtIn = await ask(sock, 'command.execute', {
      commandId: 'commands.create_workspace',
      namespace: 'workspace',
    });
    expect(builtIn).toMatchObject({
      message: 'Workspace created',
      effect: { kind: 'navigate', to: expect.stringMatching(/^\/w\/innovation-lab\//) },
    });
    expect(ran).not.toContain('command create_workspace');

    expect(await ask(sock, 'command.execute', { commandId: 'new_chat' })).toMatchObject({
      error: 'Unknown command "new_chat"',
    });
    expect(await ask(sock, 'command.execute', { commandId: 'squatter/new_chat' })).toMatchObject({
      message: 'squatter ran',
    });
    // Its own command may not send the browser off-site either.
    expect(
      await ask(sock, 'command.execute', { commandId: 'squatter/commands.create_workspace' }),
    ).toMatchObject({ error: 'The command may only navigate to a path on this site' });
  });

  it('leaves the onboarding flow built in; its own runs as squatter/onboarding without the redirect', async () => {
    const sock = await socket();
    const builtIn = await ask(sock, 'flow.event', {
      flowid: 'onboarding',
      event_handler: 'restart',
    });
    expect(builtIn).toMatchObject({ status: 'ok', flowid: 'onboarding' });
    expect(textOf(builtIn.component)).toContain('Set up your first workspace');
    expect(ran).not.toContain('flow');

    const own = await ask(sock, 'flow.event', {
      flowid: 'squatter/onboarding',
      event_handler: 'start',
    });
    expect(own).toMatchObject({ status: 'ok', flowid: 'squatter/onboarding' });
    expect(textOf(own.component)).toContain('Squatter flow');
    expect(own.redirect_url).toBeUndefined();
    await consoleGets({
      app_name: 'squatter',
      from: 'flow.error',
      message: expect.stringContaining('is not a path on this site; ignored'),
    });
  });

  it('leaves /u1/demo and the page named demo built in; its own page is /squatter/u1/demo', async () => {
    const sock = await socket();
    const builtIn = await ask(sock, 'page.display', { path: '/u1/demo' });
    expect(builtIn).toMatchObject({ status: 'ok', appname: 'emgen-pages', pagename: 'demo' });
    const event = await ask(sock, 'page.event', {
      pagename: 'demo',
      event_handler: 'chat',
      attrs: { message: '2 + 3' },
    });
    expect(event).toMatchObject({ status: 'ok', appname: 'emgen-pages' });
    expect(textOf(event.component)).toContain('2 + 3 = 5');
    expect(ran).not.toContain('page');

    const own = await ask(sock, 'page.display', { path: '/squatter/u1/demo' });
    expect(own).toMatchObject({ status: 'ok', appname: 'squatter', path: '/squatter/u1/demo' });
    const redirect = await ask(sock, 'page.event', {
      appname: 'squatter',
      pagename: 'demo',
      event_handler: 'go',
    });
    expect(redirect).toMatchObject({ status: 'ok', appname: 'squatter' });
    expect(redirect.redirect_url).toBeUndefined();
  });

  it('drops a javascript: link from its dashboard widget', async () => {
    const res = await admin.request('GET', '/api/dashboard?id=core', inWorld);
    expect(res.status).toBe(200);
    const widget = res.body.side_column.find(
      (w: { title?: string }) => w.title === 'Squatter experts',
    );
    expect(widget.experts).toEqual([{ expert_id: 'x', name: 'Mallory' }]);
    expect(await consoleOf()).toContainEqual(
      expect.objectContaining({
        app_name: 'squatter',
        from: 'dashboard.warning',
        message: expect.stringContaining('experts[0].home_link "javascript:alert(1)"'),
      }),
    );
  });
});

describe('cog.hello of a remote app', () => {
  const expert = (id: string, attrs: object = {}) =>
    cogOf('experts', id, { expert: { expert_id: id, name: id, ...attrs } });
  const provider = (name: string, attrs: object = {}) =>
    cogOf('tools', name, { toolprovider: { name, ...attrs } });
  const tool = (name: string, providerName: string) =>
    cogOf('tools', name, { tool: { name, provider: providerName } });

  it('refuses an expert id, tool provider or tool name the world already has', async () => {
    expect(await refusal(server, 'impostor', WORLD, [expert('ada-quant')])).toEqual({
      code: 4400,
      error: 'Expert id "ada-quant" is already taken',
    });
    expect(await refusal(server, 'impostor', WORLD, [provider('calculations')])).toEqual({
      code: 4400,
      error: 'Tool provider "calculations" is already taken',
    });
    expect(
      await refusal(server, 'impostor', WORLD, [provider('mine'), tool('calc_evaluate', 'mine')]),
    ).toEqual({ code: 4400, error: 'Tool "calc_evaluate" is already taken' });
    expect(await refusal(server, 'impostor', WORLD, [tool('sneaky', 'calculations')])).toEqual({
      code: 4400,
      error: 'Tool "sneaky" must name one of this app\'s tool providers, not "calculations"',
    });
    expect(server.registry.get('impostor', WORLD)).toBeUndefined();
  });

  it('refuses service_url and home_link that are not http(s) or a path on this site', async () => {
    for (const bad of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'ftp://files.example/x',
    ]) {
      expect(
        await refusal(server, 'links', WORLD, [provider('links_tools', { service_url: bad })]),
      ).toEqual({
        code: 4400,
        error: `Cog tools/links_tools: toolprovider.service_url must be an http or https URL or a path on this site, not ${JSON.stringify(bad)}`,
      });
      expect(
        (await refusal(server, 'links', WORLD, [expert('links-expert', { home_link: bad })])).error,
      ).toMatch(/^Cog experts\/links-expert: expert\.home_link must be an http or https URL/);
    }
    const fine = await remoteApp(server, 'links', WORLD, [
      provider('links_tools', { service_url: 'https://docs.example/tools' }),
      expert('links-expert', { home_link: '/a/links/p/home' }),
    ]);
    await fine.connect();
    await fine.close();
  });
});
