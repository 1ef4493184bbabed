import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSocket } from '../harness';
import {
  FILESYSTEM,
  adminClient,
  alive,
  ask,
  enable,
  inWorld,
  mcpConfigFile,
  memberClient,
  stdioEverything,
  until,
  workspaceSocket,
  WORKSPACE,
  WORLD,
} from './mcpHelpers';

/**
 * The operator's stdio MCP servers (issue 22), real ones from npm:
 * server-everything and server-filesystem confined to a temp dir.
 */
describe('MCP servers over stdio', () => {
  let server: TestServer;
  let files: string;
  let sock: TestSocket;
  const pids = new Set<number>();

  beforeAll(async () => {
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-mcp-files-'));
    fs.writeFileSync(path.join(files, 'notes.txt'), 'The launch is on 4 July.');
    server = await startTestServer(
      {
        MCP_CONFIG: mcpConfigFile({
          everything: { ...stdioEverything, description: 'The MCP reference server' },
          files: { command: process.execPath, args: [FILESYSTEM, files] },
        }),
        MCP_CALL_TIMEOUT_SECONDS: 3,
      },
      { mcpBackoffMs: 200 },
    );
    const admin = await adminClient(server);
    sock = await workspaceSocket(server, admin);
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await server.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('lists the operator servers for a world admin, not started until a world uses them', async () => {
    const admin = await adminClient(server);
    const list = await admin.request('GET', '/api/admin/mcp', { headers: inWorld });
    expect(list.status).toBe(200);
    expect(list.body.configured).toBe(true);
    const names = list.body.providers.map((p: { name: string }) => p.name);
    expect(names).toEqual(['everything', 'files']);
    expect(list.body.providers[0]).toMatchObject({
      source: 'operator',
      transport: 'stdio',
      enabled: false,
      status: 'stopped',
    });

    const member = await memberClient(server, 'mia@mcp.test');
    expect((await member.request('GET', '/api/admin/mcp', { headers: inWorld })).status).toBe(403);
    expect((await enable(member, 'everything')).status).toBe(403);
    expect((await enable(admin, 'nothing-such')).body.error).toBe(
      'Unknown MCP server "nothing-such"',
    );
  });

  it('a world admin enables a server: its tools, resources and prompts are listed, in that world only', async () => {
    const admin = await adminClient(server);
    expect((await enable(admin, 'everything')).status).toBe(200);
    expect((await enable(admin, 'files')).status).toBe(200);
    const list = await admin.request('GET', '/api/admin/mcp', { headers: inWorld });
    const everything = list.body.providers.find((p: { name: string }) => p.name === 'everything');
    expect(everything.status).toBe('ready');
    expect(everything.enabled).toBe(true);
    const tools = everything.tools.map((t: { name: string }) => t.name);
    expect(tools).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'trigger-long-running-operation']),
    );
    expect(everything.resources.length).toBeGreaterThan(0);
    expect(everything.prompts.map((p: { name: string }) => p.name)).toContain('simple-prompt');

    // The Tool Providers tab lists it like any provider, tools prefixed with its name.
    const details = await ask(sock, 'workspace.toolprovider.details', {});
    const provider = details.content.providers.find(
      (p: { name: string }) => p.name === 'everything',
    );
    expect(provider.description).toBe('The MCP reference server');
    expect(provider.tools.map((t: { name: string }) => t.name)).toContain('everything_get-sum');

    // Applications Management shows it as an app of the world.
    const apps = await ask(sock, 'cog.call', { appname: 'emgen', module: 'registry', cog: 'apps' });
    const app = apps.content.result.find(
      (a: { appName: string }) => a.appName === 'mcp-everything',
    );
    expect(app.annotations.toolprovider[0].attrs).toMatchObject({
      name: 'everything',
      mcp: 'stdio',
    });
    expect(app.annotations.mcpprompt.length).toBeGreaterThan(0);

    // Another world did not enable it: it sees nothing of it.
    expect(server.registry.get('mcp-everything', 'acme_research')).toBeUndefined();
  });

  it('the / menu lists the workspace tools; calling get-sum posts a tool message with its trace', async () => {
    const added = await ask(sock, 'workspace.toolprovider.add', { provider_name: 'everything' });
    expect(added.content.status).toBe('success');
    const list = await ask(sock, 'tool.list', {});
    const sum = list.content.tools.find((t: { name: string }) => t.name === 'everything_get-sum');
    expect(sum).toMatchObject({ provider: 'everything', source: 'mcp' });
    expect(sum.parameters.required).toEqual(['a', 'b']);
    expect(list.content.tools.some((t: { source: string }) => t.source === 'builtin')).toBe(true);
    // files was enabled for the world but not selected in this workspace.
    expect(list.content.tools.some((t: { provider: string }) => t.provider === 'files')).toBe(
      false,
    );

    const call = await ask(sock, 'tool.call', { name: 'everything_get-sum', args: { a: 2, b: 3 } });
    expect(call.content.status).toBe('success');
    const message = sock.frames.find(
      (f) => f.typ === 'display.message' && f.content.message_id === call.content.message_id,
    );
    expect(message.content).toMatchObject({
      role: 'tool',
      tool_name: 'everything_get-sum',
      content: 'The sum of 2 and 3 is 5.',
    });
    const trace = sock.frames.find(
      (f) => f.typ === 'server.trace' && f.content.key === 'Administrator · everything_get-sum',
    );
    expect(trace.content.value).toEqual({
      input: { a: 2, b: 3 },
      output: 'The sum of 2 and 3 is 5.',
    });

    // Stored: it comes back with the transcript, as a tool message.
    sock.send({ typ: 'display.messages', content: { limit: 50 } });
    const history = await sock.next('display.history');
    expect(
      history.content.messages.find(
        (m: { message_id: string }) => m.message_id === call.content.message_id,
      ),
    ).toMatchObject({ role: 'tool', tool_name: 'everything_get-sum' });
    const stored = await server.store.transcripts.message(WORKSPACE, call.content.message_id);
    expect(stored).toMatchObject({ tool_name: 'everything_get-sum', user_id: expect.any(String) });
  });

  it("a tool's error is 'Tool error' for the workspace, a trace and a console entry; the round is not held", async () => {
    const call = await ask(sock, 'tool.call', { name: 'everything_echo', args: {} });
    expect(call.content.status).toBe('error');
    expect(call.content.error).toMatch(/Invalid arguments for tool echo/);
    const error = sock.frames.find(
      (f) => f.typ === 'server.tool.error' && f.content.tool_name === 'everything_echo',
    );
    expect(error.content.error).toBe(call.content.error);
    await until(async () =>
      (await server.store.console.list(WORLD)).some(
        (m) => m.message.includes('everything_echo') && m.from === 'tool.error',
      ),
    );

    const refused = await ask(sock, 'tool.call', { name: 'files_read_text_file', args: {} });
    expect(refused.content.error).toBe(
      'The tool files_read_text_file is not available in this workspace',
    );
  });

  it('a server that hangs times out', async () => {
    const started = Date.now();
    const call = await ask(sock, 'tool.call', {
      name: 'everything_trigger-long-running-operation',
      args: { duration: 20, steps: 2 },
    });
    expect(call.content.error).toBe(
      'trigger-long-running-operation on everything timed out after 3 s',
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    // And the server still answers.
    const again = await ask(sock, 'tool.call', {
      name: 'everything_echo',
      args: { message: 'hi' },
    });
    expect(again.content.status).toBe('success');
  });

  it('a server that crashes is restarted, and said so in the console', async () => {
    const admin = await adminClient(server);
    const before = (await admin.request('GET', '/api/admin/mcp', { headers: inWorld })).body;
    const app = server.registry.get('mcp-everything', WORLD)!;
    const pid = Number(app.processId);
    expect(alive(pid)).toBe(true);
    pids.add(pid);
    process.kill(pid, 'SIGKILL');
    const restarted = await until(() => {
      const now = server.registry.get('mcp-everything', WORLD);
      return now && Number(now.processId) !== pid && typeof now.processId === 'number' && now;
    });
    pids.add(Number(restarted.processId));
    const call = await ask(sock, 'tool.call', {
      name: 'everything_get-sum',
      args: { a: 40, b: 2 },
    });
    expect(call.content.status).toBe('success');
    await until(async () =>
      (await server.store.console.list(WORLD)).some((m) =>
        /MCP server everything stopped/.test(m.message),
      ),
    );
    const after = (await admin.request('GET', '/api/admin/mcp', { headers: inWorld })).body;
    const restarts = (b: typeof after) =>
      b.providers.find((p: { name: string }) => p.name === 'everything').restarts;
    expect(restarts(after)).toBe(restarts(before) + 1);
  });

  it('tools/list_changed updates the registry', async () => {
    // server-everything registers simulate-research-query once the client is initialized,
    // and tells the client with notifications/tools/list_changed.
    await until(() =>
      server.registry
        .get('mcp-everything', WORLD)
        ?.cogs.some((c) => c.name === 'everything_simulate-research-query'),
    );
  });

  it('server-filesystem reads inside its directory and refuses outside it', async () => {
    await ask(sock, 'workspace.toolprovider.add', { provider_name: 'files' });
    const read = await ask(sock, 'tool.call', {
      name: 'files_read_text_file',
      args: { path: path.join(files, 'notes.txt') },
    });
    expect(read.content.status).toBe('success');
    const message = sock.frames.find(
      (f) => f.typ === 'display.message' && f.content.message_id === read.content.message_id,
    );
    expect(message.content.content).toBe('The launch is on 4 July.');
    const outside = await ask(sock, 'tool.call', {
      name: 'files_read_text_file',
      args: { path: '/etc/hostname' },
    });
    expect(outside.content.status).toBe('error');
    expect(outside.content.error).toMatch(/outside allowed directories/i);
  });

  it('stops its processes with the server: no orphans', async () => {
    const running = [...server.registry.list(WORLD)]
      .filter((a) => a.name.startsWith('mcp-'))
      .map((a) => Number(a.processId));
    for (const pid of running) pids.add(pid);
    closed = true;
    await server.close();
    for (const pid of pids) await until(() => !alive(pid), 5000);
  });
});
