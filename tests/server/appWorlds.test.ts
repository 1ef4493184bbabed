import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_APPS_CALL } from '../../protocol';
import type { CogApp } from '../../client/cogApp';
import { ask, cogOf, remoteApp, until } from './appHelpers';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';
import { textOf } from './screenHelpers';

/**
 * Issue #14 part 5: a remote app connects with a token for one world; only
 * that world sees it (applications, commands, experts, tool providers,
 * dashboard widgets) or reaches it (cog.call, pages, flows, actions,
 * commands). Other worlds get a clear not-found, never a 500. The same app
 * name may connect in two worlds at once.
 */
const A = 'innovation-lab';
const B = 'acme_research';

let server: TestServer;
let admin: Client;
const apps: CogApp[] = [];
const sockets: TestSocket[] = [];

async function socket(worldId: string, workspaceId?: string): Promise<TestSocket> {
  const sock = openSocket(server, admin, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  if (workspaceId)
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

const inWorld = (worldId: string) => ({ headers: { 'X-World-Id': worldId } });

/** Everything world A's app offers, each under names of its own. */
const scopedCogs = () => [
  cogOf('rpc', 'ping', { callable: {} }, () => 'pong'),
  cogOf('commands', 'hello', { command: { name: 'Scoped hello', namespace: 'workspace' } }, () => ({
    message: 'hello from scoped',
  })),
  cogOf('experts', 'sage', {
    expert: { expert_id: 'scoped-sage', name: 'Scoped Sage', keywords: ['scope'] },
  }),
  cogOf('tools', 'scoped_tools', {
    toolprovider: { name: 'scoped_tools', service_url: 'https://scoped.example/docs' },
  }),
  cogOf('tools', 'scoped_echo', { tool: { name: 'scoped_echo', provider: 'scoped_tools' } }),
  cogOf('pages', 'home', { page: { pagename: 'home' } }, () => ({
    component: { component: 'Text', content: 'Scoped home' },
  })),
  cogOf('flows', 'wizard', { flow: { flow_id: 'wizard' } }, () => ({
    state: {},
    component: { component: 'Text', content: 'Scoped wizard' },
  })),
  cogOf('actions', 'go', { action: { name: 'go' } }, () => ({ status: 'ok' })),
  cogOf('widgets', 'banner', { widget: { dashboard: 'core', column: 'main', order: 99 } }, () => ({
    layout: 'ScopedBanner',
  })),
];

/** What world `worldId` shows of the app named `scoped`, screen by screen. */
async function seenIn(worldId: string) {
  const sock = await socket(worldId, `${worldId}-welcome`);
  const registry = await ask(sock, 'cog.call', REGISTRY_APPS_CALL);
  const palette = await ask(sock, 'command.list', { namespace: 'workspace' });
  const experts = await ask(sock, 'workspace.expert.details', {});
  const providers = await ask(sock, 'workspace.toolprovider.details', {});
  const commands = await admin.request('GET', '/api/commands/list?all=true', inWorld(worldId));
  const dashboard = await admin.request('GET', '/api/dashboard?id=core', inWorld(worldId));
  return {
    apps: registry.result.map((a: { appName: string }) => a.appName),
    palette: palette.commands.map((c: { id: string }) => c.id),
    registered: commands.body.commands.map((c: { id: string }) => c.id),
    experts: experts.experts.map((e: { expert_id: string }) => e.expert_id),
    providers: providers.providers.map((p: { name: string }) => p.name),
    widgets: dashboard.body.main_column.map((w: { layout: string }) => w.layout),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  const scoped = await remoteApp(server, 'scoped', A, scopedCogs());
  apps.push(scoped);
  await scoped.connect();
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  for (const app of apps) await app.close();
  await server.close();
});

describe('a remote app with a token for one world', () => {
  it('is seen in that world', async () => {
    const a = await seenIn(A);
    expect(a.apps).toContain('scoped');
    expect(a.palette).toContain('scoped/hello');
    expect(a.registered).toContain('scoped/hello');
    expect(a.experts).toContain('scoped-sage');
    expect(a.providers).toContain('scoped_tools');
    expect(a.widgets).toContain('ScopedBanner');
  });

  it('is not seen in another world', async () => {
    const b = await seenIn(B);
    expect(b.apps).toContain('emgen');
    expect(b.apps).not.toContain('scoped');
    expect(b.palette).toContain('commands.create_workspace');
    expect(b.palette.filter((id: string) => id.startsWith('scoped'))).toEqual([]);
    expect(b.registered.filter((id: string) => id.startsWith('scoped'))).toEqual([]);
    expect(b.experts).toContain('ada-quant');
    expect(b.experts).not.toContain('scoped-sage');
    expect(b.providers).toContain('calculations');
    expect(b.providers).not.toContain('scoped_tools');
    expect(b.widgets).not.toContain('ScopedBanner');
    expect(server.registry.get('scoped', B)).toBeUndefined();
  });

  it('is reachable in its world by its names', async () => {
    const sock = await socket(A);
    expect(await ask(sock, 'cog.call', { appname: 'scoped', module: 'rpc', cog: 'ping' })).toEqual(
      expect.objectContaining({ status: 'success', result: 'pong' }),
    );
    const page = await ask(sock, 'page.display', { appname: 'scoped', pagename: 'home' });
    expect(textOf(page.component)).toBe('Scoped home');
    const flow = await ask(sock, 'flow.event', { flowid: 'scoped/wizard', event_handler: 'start' });
    expect(textOf(flow.component)).toBe('Scoped wizard');
    expect(await ask(sock, 'command.execute', { commandId: 'scoped/hello' })).toMatchObject({
      message: 'hello from scoped',
    });
    const action = await admin.request('POST', '/api/action', {
      ...inWorld(A),
      body: { action: 'scoped/go' },
    });
    expect(action).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('cannot be reached from another world: a clear not-found for every kind of call', async () => {
    const sock = await socket(B, `${B}-welcome`);
    expect(await ask(sock, 'cog.call', { appname: 'scoped', module: 'rpc', cog: 'ping' })).toEqual(
      expect.objectContaining({ status: 'error', error: 'Unknown app "scoped"' }),
    );
    expect(await ask(sock, 'page.display', { appname: 'scoped', pagename: 'home' })).toMatchObject({
      status: 'error',
      error: 'Unknown app "scoped"',
    });
    expect(await ask(sock, 'page.display', { path: '/a/scoped/p/home' })).toMatchObject({
      status: 'error',
      error: 'Unknown app "scoped"',
    });
    expect(
      await ask(sock, 'flow.event', { flowid: 'scoped/wizard', event_handler: 'start' }),
    ).toMatchObject({ status: 'error', error: 'Unknown flow "scoped/wizard"' });
    expect(await ask(sock, 'command.execute', { commandId: 'scoped/hello' })).toMatchObject({
      error: 'Unknown command "scoped/hello"',
    });
    expect(await ask(sock, 'workspace.expert.add', { expert_id: 'scoped-sage' })).toMatchObject({
      status: 'error',
      error: 'Unknown expert "scoped-sage"',
    });
    expect(
      await ask(sock, 'workspace.toolprovider.add', { provider_name: 'scoped_tools' }),
    ).toMatchObject({ status: 'error', error: 'Unknown tool provider "scoped_tools"' });
    const action = await admin.request('POST', '/api/action', {
      ...inWorld(B),
      body: { action: 'scoped/go' },
    });
    expect(action).toMatchObject({ status: 400, body: { error: 'Unknown action "scoped/go"' } });
  });
});

describe('the same app name in two worlds', () => {
  const twin = (world: string) => [
    cogOf('rpc', 'where', { callable: {} }, (_input, ctx) => `${world} (${ctx.worldId})`),
    cogOf('experts', 'twin', { expert: { expert_id: 'twin-expert', name: `Twin of ${world}` } }),
  ];

  it('connects in both, each answering in its own world only', async () => {
    const inA = await remoteApp(server, 'twin', A, twin('A'));
    const inB = await remoteApp(server, 'twin', B, twin('B'));
    apps.push(inA, inB);
    await inA.connect();
    await inB.connect();
    const where = { appname: 'twin', module: 'rpc', cog: 'where' };
    expect((await ask(await socket(A), 'cog.call', where)).result).toBe(`A (${A})`);
    expect((await ask(await socket(B), 'cog.call', where)).result).toBe(`B (${B})`);
    const expertName = async (world: string) =>
      (await ask(await socket(world, `${world}-welcome`), 'workspace.expert.details', {})).experts
        .filter((e: { expert_id: string }) => e.expert_id === 'twin-expert')
        .map((e: { name: string }) => e.name);
    expect(await expertName(A)).toEqual(['Twin of A']);
    expect(await expertName(B)).toEqual(['Twin of B']);

    // One leaving does not take the other with it.
    await inA.close();
    await until(() => !server.registry.get('twin', A));
    expect(await ask(await socket(A), 'cog.call', where)).toMatchObject({
      status: 'error',
      error: 'Unknown app "twin"',
    });
    expect((await ask(await socket(B), 'cog.call', where)).result).toBe(`B (${B})`);
  });
});
