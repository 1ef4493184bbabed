import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEffectSchema, commandSchema } from '../../protocol';
import { hashPassword } from '../../server/auth/password';
import { calls, testApp } from './commandFixtures';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';
import { consoleGets } from './consoleGets';

const WORLD = 'innovation-lab';
let server: TestServer;
let admin: Client;
let adminId: string;
let member: Client;
let memberId: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  await server.store.worlds.create('closed-world', 'Closed World');
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password'),
  });
  memberId = user.id;
  await server.store.users.grant(user.id, WORLD, false);
  member = new Client(server.url);
  expect((await member.signIn('member@test.local', 'member-password')).status).toBe(200);
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

async function socketFor(client = admin, worldId = WORLD) {
  const sock = openSocket(server, client, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  return sock;
}

let seq = 0;
/** Sends a request and returns the content of its answer (`.response` or `.error`). */
async function ask(sock: TestSocket, typ: string, content: object) {
  const requestId = `cmd-${++seq}`;
  const answered = (f: any) =>
    f.request_id === requestId && [`${typ}.response`, `${typ}.error`].includes(f.typ);
  const reply = await new Promise<any>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${typ} ${requestId}`)), 5000);
    const onMessage = () => {
      const frame = sock.frames.find(answered);
      if (!frame) return;
      clearTimeout(timer);
      sock.ws.off('message', onMessage);
      resolve(frame);
    };
    // Registered after the harness's own listener, so the frame is recorded first.
    sock.ws.on('message', onMessage);
    sock.send({ typ, content, request_id: requestId });
  });
  expect(reply.envelope.requestId).toBe(requestId);
  expect(reply.content.request_id).toBe(requestId);
  return { typ: reply.typ as string, ...reply.content };
}

const names = (commands: any[]) => commands.map((c) => c.name);
const execute = (sock: TestSocket, commandId: string, extra: object = {}) =>
  ask(sock, 'command.execute', { commandId, namespace: 'workspace', ...extra });

describe('command.list', () => {
  it("lists the 'workspace' namespace by default, with the fields of SPEC §3", async () => {
    const sock = await socketFor();
    const { typ, commands } = await ask(sock, 'command.list', {});
    expect(typ).toBe('command.list.response');
    expect(names(commands)).toEqual(
      expect.arrayContaining([
        'Open File Finder',
        'Create Workspace',
        'Open Dashboard',
        'Open Console',
        'Switch to Acme Research',
        'Export Session Log',
        'Open Settings',
        'Clear Console',
      ]),
    );
    // Palette safety: the one that loses something says so; the others do not.
    expect(commands.find((c: any) => c.name === 'Clear Console').destructive).toBe(true);
    expect(commands.filter((c: any) => c.destructive).map((c: any) => c.name)).toEqual([
      'Clear Console',
    ]);
    expect(names(commands)).not.toContain('Switch to Innovation Lab');
    expect(names(commands)).not.toContain('Open Admin');
    for (const c of commands) {
      expect(commandSchema.safeParse(c).success).toBe(true);
      expect(c.namespace).toBe('workspace');
    }
    expect(commands.find((c: any) => c.name === 'Open File Finder')).toEqual({
      id: 'commands.open_file_finder',
      name: 'Open File Finder',
      description: expect.any(String),
      tags: expect.arrayContaining(['files']),
      cogPath: 'commands/workspace/open_file_finder',
      namespace: 'workspace',
    });
    expect(commands.find((c: any) => c.name === 'Switch to Acme Research').id).toBe(
      'commands.switch_world:acme_research',
    );
  });

  it('hides admin-only commands from members and lists their own worlds', async () => {
    await server.store.users.grant(memberId, 'closed-world', false);
    try {
      const sock = await socketFor(member);
      const { commands } = await ask(sock, 'command.list', { namespace: 'workspace' });
      expect(names(commands)).not.toContain('Clear Console');
      expect(names(commands)).toContain('Switch to Closed World');
      expect(names(commands)).not.toContain('Switch to Acme Research');
      expect((await ask(sock, 'command.list', { namespace: 'admin' })).commands).toEqual([]);
    } finally {
      await server.store.users.revoke(memberId, 'closed-world');
    }
  });

  it("lists another namespace on request; 'all' is not one", async () => {
    const sock = await socketFor();
    const { commands } = await ask(sock, 'command.list', { namespace: 'admin' });
    expect(names(commands).sort()).toEqual([
      'Cross-Drive Search',
      'Open Admin',
      'Registered Commands',
    ]);
    expect((await ask(sock, 'command.list', { namespace: 'all' })).commands).toEqual([]);
  });
});

describe('command.search', () => {
  it('returns the matches with scores in 0..1, best first', async () => {
    const sock = await socketFor();
    const { typ, commands } = await ask(sock, 'command.search', { q: 'console' });
    expect(typ).toBe('command.search.response');
    expect(names(commands).slice(0, 2).sort()).toEqual(['Clear Console', 'Open Console']);
    for (const c of commands) expect(c.score).toBeGreaterThan(0);
    for (const c of commands) expect(c.score).toBeLessThanOrEqual(1);
    const scores = commands.map((c: any) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const create = await ask(sock, 'command.search', { q: 'CREATE', namespace: 'workspace' });
    expect(create.commands[0].name).toBe('Create Workspace');
    expect((await ask(sock, 'command.search', { q: 'open finder' })).commands[0].name).toBe(
      'Open File Finder',
    );
    expect((await ask(sock, 'command.search', { q: 'cw' })).commands[0].name).toBe(
      'Create Workspace',
    );
    expect((await ask(sock, 'command.search', { q: 'acme' })).commands[0].name).toBe(
      'Switch to Acme Research',
    );
  });

  it('excludes commands that do not match at all', async () => {
    const sock = await socketFor();
    expect((await ask(sock, 'command.search', { q: 'zebra crossing' })).commands).toEqual([]);
  });

  it('answers a query under 2 characters with the whole namespace', async () => {
    const sock = await socketFor();
    const { commands: all } = await ask(sock, 'command.list', {});
    for (const q of ['', 'o', ' x ']) {
      const { commands } = await ask(sock, 'command.search', { q });
      expect(commands).toEqual(all);
    }
    const admins = await ask(sock, 'command.search', { q: 'z', namespace: 'admin' });
    expect(admins.commands).toHaveLength(3);
  });

  it('searches only the namespace asked for', async () => {
    const sock = await socketFor();
    const { commands } = await ask(sock, 'command.search', { q: 'search', namespace: 'admin' });
    expect(names(commands)).toEqual(['Cross-Drive Search']);
    expect((await ask(sock, 'command.search', { q: 'cross-drive' })).commands).toEqual([]);
  });
});

describe('command.execute', () => {
  it('opens the file finder, the dashboard, the console, the settings and exports the session log', async () => {
    const sock = await socketFor();
    const cases: [string, unknown][] = [
      ['commands.open_file_finder', { kind: 'openFileFinder' }],
      ['commands.open_dashboard', { kind: 'navigate', to: `/w/${WORLD}/dashboard` }],
      ['commands.open_console', { kind: 'navigate', to: `/w/${WORLD}/console` }],
      ['commands.export_session_log', { kind: 'exportSessionLog' }],
      ['commands.open_settings', { kind: 'navigate', to: '/settings' }],
    ];
    for (const [id, effect] of cases) {
      const answer = await execute(sock, id);
      expect(answer.typ).toBe('command.execute.response');
      expect(answer.effect).toEqual(effect);
      expect(commandEffectSchema.safeParse(answer.effect).success).toBe(true);
    }
  });

  it('Create Workspace creates a draft and navigates to its management page', async () => {
    const sock = await socketFor();
    const answer = await execute(sock, 'commands.create_workspace');
    expect(answer.typ).toBe('command.execute.response');
    const to = answer.effect.to as string;
    expect(answer.effect.kind).toBe('navigate');
    const match = /^\/w\/innovation-lab\/workspace-management\?id=([^&]+)&mode=create$/.exec(to);
    expect(match).not.toBeNull();
    const ws = await server.store.workspaces.byId(decodeURIComponent(match![1]!));
    expect(ws).toMatchObject({ world_id: WORLD, status: 'draft', created_by: adminId });
  });

  it('Switch to {world} switches the active world', async () => {
    const sock = await socketFor();
    const answer = await execute(sock, 'commands.switch_world:acme_research');
    expect(answer.effect).toEqual({ kind: 'switchWorld', worldId: 'acme_research' });
    expect(answer.message).toBe('Switched to Acme Research');
    expect((await server.store.users.byId(adminId))!.active_world).toBe('acme_research');
    await server.store.users.setActiveWorld(adminId, WORLD);
  });

  it('offers no switch to a world the user may not enter', async () => {
    const sock = await socketFor(member);
    const answer = await execute(sock, 'commands.switch_world:acme_research');
    expect(answer.typ).toBe('command.execute.error');
    expect(answer.error).toBe('Unknown command "commands.switch_world:acme_research"');
    expect((await server.store.users.byId(memberId))!.active_world).not.toBe('acme_research');
  });

  it('Clear Console clears the console for admins only', async () => {
    await server.store.console.append(WORLD, {
      app_name: 'test',
      from: 'test',
      message: 'keep me?',
    });
    const sock = await socketFor(member);
    const refused = await execute(sock, 'commands.clear_console');
    expect(refused.typ).toBe('command.execute.error');
    expect(refused.error).toMatch(/administrators/i);
    expect((await server.store.console.list(WORLD)).map((m) => m.message)).toContain('keep me?');

    const adminSock = await socketFor();
    const answer = await execute(adminSock, 'commands.clear_console');
    expect(answer.typ).toBe('command.execute.response');
    expect(answer.effect).toEqual({ kind: 'flash', text: 'Console cleared' });
    const left = await server.store.console.list(WORLD);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      from: 'system',
      message: 'Console cleared by admin@test.local',
    });
  });

  it('runs the admin navigation commands for admins and refuses members', async () => {
    const sock = await socketFor();
    const cases: [string, string][] = [
      ['commands.open_admin', `/w/${WORLD}/admin`],
      ['commands.cross_drive_search', '/admin/search'],
      ['commands.registered_commands', '/admin/commands'],
    ];
    for (const [id, to] of cases) {
      const answer = await execute(sock, id, { namespace: 'admin' });
      expect(answer.effect).toEqual({ kind: 'navigate', to });
    }
    const memberSock = await socketFor(member);
    const refused = await execute(memberSock, 'commands.open_admin', { namespace: 'admin' });
    expect(refused.typ).toBe('command.execute.error');
    expect(refused.error).toBe('"Open Admin" is for administrators of this world only');
  });

  it('answers an unknown command with command.execute.error', async () => {
    const sock = await socketFor();
    const answer = await execute(sock, 'no.such.command');
    expect(answer).toMatchObject({
      typ: 'command.execute.error',
      error: 'Unknown command "no.such.command"',
    });
  });
});

describe('an app registered in the registry', () => {
  beforeAll(() => server.registry.register(testApp()));
  afterAll(() => server.registry.unregister('testapp'));

  it('has its commands listed, searched and run with the caller’s world and user', async () => {
    const sock = await socketFor();
    const { commands } = await ask(sock, 'command.list', {});
    const greet = commands.find((c: any) => c.name === 'Greet Everyone');
    expect(greet).toEqual({
      id: 'testapp.greet',
      name: 'Greet Everyone',
      tags: ['hello', 'wave'],
      cogPath: 'testapp/greetings/greet',
      namespace: 'workspace',
    });
    expect(names(commands)).not.toContain('Plain Thing');
    const found = await ask(sock, 'command.search', { q: 'wave' });
    expect(found.commands[0].id).toBe('testapp.greet');

    calls.length = 0;
    const answer = await execute(sock, 'testapp.greet', { args: { loud: true } });
    expect(answer).toMatchObject({
      typ: 'command.execute.response',
      message: `Hello from ${WORLD}`,
      effect: { kind: 'flash', text: 'Hi!' },
    });
    expect(calls).toEqual([{ kvargs: { loud: true }, ctx: { worldId: WORLD, userId: adminId } }]);
  });

  it('turns a throwing handler into an error and a console entry', async () => {
    const sock = await socketFor();
    const answer = await execute(sock, 'test.boom');
    expect(answer).toMatchObject({ typ: 'command.execute.error', error: 'kaboom' });
    await consoleGets(server, WORLD, {
      from: 'commands.error',
      message: 'Command test.boom failed: kaboom',
    });
  });

  it('refuses an invalid effect and a cog without a handler', async () => {
    const sock = await socketFor();
    const bad = await execute(sock, 'testapp.bad_effect');
    expect(bad).toMatchObject({
      typ: 'command.execute.error',
      error: 'The command returned an invalid effect',
    });
    const extra = await execute(sock, 'testapp.extra', { namespace: 'extras' });
    expect(extra).toMatchObject({
      typ: 'command.execute.error',
      error: '"Extra Thing" cannot be run',
    });
    const plain = await execute(sock, 'testapp.plain', { namespace: 'default' });
    expect(plain).toMatchObject({ typ: 'command.execute.response', message: 'done' });
  });

  it('loses its commands when it is unregistered', async () => {
    const sock = await socketFor();
    server.registry.unregister('testapp');
    try {
      const { commands } = await ask(sock, 'command.list', {});
      expect(names(commands)).not.toContain('Greet Everyone');
      const answer = await execute(sock, 'testapp.greet');
      expect(answer.error).toBe('Unknown command "testapp.greet"');
    } finally {
      server.registry.register(testApp());
    }
  });
});

describe('GET /api/commands/*', () => {
  beforeAll(() => server.registry.register(testApp()));
  afterAll(() => server.registry.unregister('testapp'));
  const inWorld = { headers: { 'X-World-Id': WORLD } };

  it('lists the namespaces without default; members do not see admin', async () => {
    const res = await admin.request('GET', '/api/commands/namespaces', inWorld);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ namespaces: ['admin', 'extras', 'workspace'] });
    const mine = await member.request('GET', '/api/commands/namespaces', inWorld);
    expect(mine.body).toEqual({ namespaces: ['extras', 'workspace'] });
  });

  it("lists 'default' with no parameter, one namespace, or all", async () => {
    const plain = await admin.request('GET', '/api/commands/list', inWorld);
    expect(plain.status).toBe(200);
    expect(plain.body.commands.map((c: any) => c.id)).toEqual(['testapp.plain']);
    expect(plain.body.commands[0]).toMatchObject({
      namespace: 'default',
      description: 'Lives in default',
      cogPath: 'testapp/misc/plain',
    });

    const admins = await admin.request('GET', '/api/commands/list?namespace=admin', inWorld);
    expect(names(admins.body.commands)).toEqual([
      'Cross-Drive Search',
      'Open Admin',
      'Registered Commands',
    ]);

    const all = await admin.request('GET', '/api/commands/list?all=true', inWorld);
    const namespaces = new Set(all.body.commands.map((c: any) => c.namespace));
    expect([...namespaces].sort()).toEqual(['admin', 'default', 'extras', 'workspace']);
    expect(names(all.body.commands)).toEqual(
      expect.arrayContaining(['Open File Finder', 'Greet Everyone', 'Plain Thing', 'Open Admin']),
    );
    const memberAll = await member.request('GET', '/api/commands/list?all=true', inWorld);
    expect(names(memberAll.body.commands)).not.toContain('Open Admin');
    expect(names(memberAll.body.commands)).not.toContain('Clear Console');
  });

  it('requires a session and a world the user may enter', async () => {
    const anon = new Client(server.url);
    expect((await anon.request('GET', '/api/commands/list', inWorld)).status).toBe(401);
    expect((await admin.request('GET', '/api/commands/namespaces')).status).toBe(400);
    const closed = { headers: { 'X-World-Id': 'closed-world' } };
    expect((await member.request('GET', '/api/commands/list?all=true', closed)).status).toBe(403);
  });
});
