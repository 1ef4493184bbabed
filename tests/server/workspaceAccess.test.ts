import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { NOT_ACCESS_MANAGER } from '../../server/workspaces/accessHandlers';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';

/**
 * Who may open a workspace (issue 20): its participants, or everyone in its
 * world when it is shared. Refusals over REST and over every socket message
 * that takes the workspace, no live frames to a refused socket, and the
 * workspace.access.* messages of the management page.
 */
const WORLD = 'innovation-lab';
const NOT_OPEN = 'This workspace is not open to you';
const MISSING = 'This workspace does not exist';

let server: TestServer;
let admin: Client; // A: creates the private workspaces (and is a world admin)
let adminId: string;
let bob: Client; // B: a plain member of the same world
let bobId: string;
let carolId: string; // C: another plain member, to be invited
let stranger: Client; // a member of another world only
const sockets: TestSocket[] = [];

async function member(email: string, name: string, worlds: string[]) {
  const password = `${name}-password-1`;
  const user = await server.store.users.create({
    email,
    name,
    passwordHash: await hashPassword(password),
  });
  for (const w of worlds) await server.store.users.grant(user.id, w, false);
  const client = new Client(server.url);
  expect((await client.signIn(email, password)).status).toBe(200);
  return { client, id: user.id };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  ({ client: bob, id: bobId } = await member('bob@test.local', 'Bob', [WORLD]));
  ({ id: carolId } = await member('carol@test.local', 'Carol', [WORLD]));
  ({ client: stranger } = await member('stranger@test.local', 'Stranger', ['acme_research']));
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

/** A private workspace of the admin's, with one expert so a question gets answered. */
async function privateWorkspace(name = 'Private plans') {
  const ws = await server.store.workspaces.create({ worldId: WORLD, name, createdBy: adminId });
  await server.store.workspaces.addExpert(ws.id, 'chrono');
  return ws;
}

async function socketIn(client: Client, workspaceId?: string, worldId = WORLD) {
  const sock = openSocket(server, client, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  if (workspaceId) setWorkspace(sock, workspaceId);
  return sock;
}

function setWorkspace(sock: TestSocket, workspaceId: string) {
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
}

let seq = 0;
async function ask(
  sock: TestSocket,
  typ: string,
  content: object,
  responseTyp = `${typ}.response`,
) {
  const requestId = `acc-${++seq}`;
  sock.send({ typ, content, request_id: requestId });
  const reply = await sock.next(responseTyp);
  // display.history is a page, not a reply: only .response frames carry the id.
  if (responseTyp === `${typ}.response`) expect(reply.request_id).toBe(requestId);
  return reply.content;
}

/** A question from this socket and the echo it got back (the round's answers follow). */
async function say(sock: TestSocket, text: string) {
  sock.send({ typ: 'user.message', content: { text } });
  const echo = await sock.next('user.echo');
  expect(echo.content.content).toBe(text);
  return echo;
}

/** Waits long enough for a frame published with the last one to have arrived (one process, one bus). */
const settle = () => new Promise((r) => setTimeout(r, 300));

const typsOf = (sock: TestSocket) => sock.frames.map((f) => f.typ);

describe('a private workspace and a member of the world who is no participant', () => {
  it('is refused over REST: add-file (403) and the open_workspace action (403); unknown ids 404', async () => {
    const ws = await privateWorkspace();
    const addFile = (client: Client, workspaceId: string) =>
      client.request('POST', '/api/workspace/add-file', {
        body: { workspaceId, driveName: 'Documents', filePath: '/x.txt' },
        headers: { 'X-World-Id': WORLD },
      });
    const refused = await addFile(bob, ws.id);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(NOT_OPEN);
    const unknown = await addFile(bob, 'no-such-workspace');
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain(MISSING);
    expect(await server.store.workspaceFiles.list(ws.id)).toEqual([]);

    const open = (client: Client, workspace_id: string) =>
      client.request('POST', '/api/action', {
        body: { action: 'open_workspace', workspace_id },
        headers: { 'X-World-Id': WORLD },
      });
    const action = await open(bob, ws.id);
    expect(action.status).toBe(403);
    expect(action.body.error).toBe(NOT_OPEN);
    expect((await open(bob, 'no-such-workspace')).body.error).toBe(MISSING);
    expect((await open(admin, ws.id)).status).toBe(200);
  });

  it('is refused every socket message that takes the workspace, with workspace.unavailable, and nothing is written', async () => {
    const ws = await privateWorkspace();
    const sock = await socketIn(bob, ws.id);
    // Told as soon as it sets the workspace, before it asks for anything.
    expect((await sock.next('workspace.unavailable')).content).toEqual({
      workspace_id: ws.id,
      reason: 'forbidden',
      error: NOT_OPEN,
    });
    const errors = async (typ: string) => {
      sock.send({ typ, content: typ === 'user.message' ? { text: 'let me in' } : {} });
      const unavailable = await sock.next('workspace.unavailable');
      expect(unavailable.content).toEqual({
        workspace_id: ws.id,
        reason: 'forbidden',
        error: NOT_OPEN,
      });
      const error = await sock.next('server.error');
      expect(error.content).toMatchObject({ error: NOT_OPEN, typ });
    };
    for (const typ of [
      'display.experts',
      'display.messages',
      'user.message',
      'workspace.expert.details',
      'workspace.toolprovider.details',
      'workspace.access.details',
    ])
      await errors(typ);
    sock.send({ typ: 'display.messages', content: { limit: 50 } });
    expect((await sock.next('workspace.unavailable')).content.reason).toBe('forbidden');

    // The management page's writes answer with the refusal and change nothing.
    const writes: [string, object][] = [
      ['workspace.update', { name: 'Mine now' }],
      ['workspace.expert.add', { expert_id: 'ada-quant' }],
      ['workspace.expert.remove', { expert_id: 'chrono' }],
      ['workspace.toolprovider.add', { provider_name: 'calculations' }],
      ['workspace.toolprovider.remove', { provider_name: 'calculations' }],
      ['workspace.access.share', { shared: true }],
      ['workspace.access.invite', { user_id: bobId }],
      ['workspace.access.remove', { user_id: adminId }],
    ];
    for (const [typ, content] of writes) {
      expect(await ask(sock, typ, content)).toMatchObject({ status: 'error', error: NOT_OPEN });
      expect((await sock.next('workspace.unavailable')).content.reason).toBe('forbidden');
    }
    expect(typsOf(sock)).not.toContain('display.message');
    expect(typsOf(sock)).not.toContain('display.history');
    expect(typsOf(sock)).not.toContain('display.expert');
    const row = await server.store.workspaces.byId(ws.id);
    expect(row).toMatchObject({ name: 'Private plans', shared: 0 });
    expect(await server.store.workspaces.expertIds(ws.id)).toEqual(['chrono']);
    expect(await server.store.workspaces.toolProviders(ws.id)).toEqual([]);
    expect(await server.store.workspaces.users(ws.id)).toEqual([
      { user_id: adminId, name: 'Administrator' },
    ]);
    expect(await server.store.transcripts.messages(ws.id)).toEqual([]);
  });

  it("gets none of the workspace's live frames while its participants meet", async () => {
    const ws = await privateWorkspace();
    const owner = await socketIn(admin, ws.id);
    const intruder = await socketIn(bob, ws.id);
    // The intruder even asks first; it is refused and stays out.
    intruder.send({ typ: 'display.messages', content: { limit: 50 } });
    await intruder.next('workspace.unavailable');
    owner.send({ typ: 'display.messages', content: { limit: 50 } });
    await owner.next('display.history');
    await say(owner, 'What is the date today?');
    await owner.next('server.progress');
    await owner.next('assistant.message', 10_000);
    await settle();
    for (const typ of ['user.echo', 'assistant.message', 'server.progress', 'display.researchbox'])
      expect(typsOf(intruder)).not.toContain(typ);
  });

  it('stops the old workspace’s frames when the socket switches to a forbidden one', async () => {
    const open = await server.store.workspaces.create({
      worldId: WORLD,
      name: 'Open room',
      createdBy: adminId,
      shared: true,
    });
    const hidden = await privateWorkspace();
    const owner = await socketIn(admin, open.id);
    await ask(owner, 'display.messages', { limit: 50 }, 'display.history');
    const watcher = await socketIn(bob, open.id);
    await ask(watcher, 'display.messages', { limit: 50 }, 'display.history');
    await say(owner, 'first, for everyone');
    expect((await watcher.next('user.echo')).content.content).toBe('first, for everyone');

    setWorkspace(watcher, hidden.id);
    watcher.send({ typ: 'display.messages', content: { limit: 50 } });
    expect((await watcher.next('workspace.unavailable')).content.workspace_id).toBe(hidden.id);
    const seen = watcher.frames.length;
    await say(owner, 'second, after the switch');
    await settle();
    const later = watcher.frames.slice(seen).map((f) => f.typ);
    expect(later).not.toContain('user.echo');
    expect(later).not.toContain('assistant.message');
  });
});

describe('who may open', () => {
  it('the Welcome meeting: everyone in the world', async () => {
    const sock = await socketIn(bob, `${WORLD}-welcome`);
    const history = await ask(sock, 'display.messages', { limit: 20 }, 'display.history');
    expect(history.page).toBe('latest');
    expect(typsOf(sock)).not.toContain('workspace.unavailable');
    expect((await server.store.workspaces.byId(`${WORLD}-welcome`))?.shared).toBe(1);
  });

  it('a member of another world: the workspace does not exist for them', async () => {
    const ws = await privateWorkspace();
    const sock = await socketIn(stranger, ws.id, 'acme_research');
    expect((await sock.next('workspace.unavailable')).content).toEqual({
      workspace_id: ws.id,
      reason: 'missing',
      error: MISSING,
    });
    sock.send({ typ: 'display.messages', content: { limit: 20 } });
    expect((await sock.next('server.error')).content.error).toBe(MISSING);
    // Even the world's shared Welcome meeting: it belongs to innovation-lab.
    setWorkspace(sock, `${WORLD}-welcome`);
    const unavailable = [
      await sock.next('workspace.unavailable'),
      await sock.next('workspace.unavailable'),
    ];
    expect(unavailable[1].content).toMatchObject({
      workspace_id: `${WORLD}-welcome`,
      reason: 'missing',
    });
  });

  it('an unknown id: missing', async () => {
    const sock = await socketIn(bob, 'gone-for-good');
    expect((await sock.next('workspace.unavailable')).content).toMatchObject({
      reason: 'missing',
    });
    sock.send({ typ: 'display.experts', content: {} });
    expect((await sock.next('workspace.unavailable')).content).toMatchObject({
      reason: 'missing',
      error: MISSING,
    });
    expect((await sock.next('server.error')).content.error).toBe(MISSING);
  });

  it('sharing lets the world in, live; making it private again shuts them out at once', async () => {
    const ws = await privateWorkspace('Shared later');
    const owner = await socketIn(admin, ws.id);
    const guest = await socketIn(bob, ws.id);
    await guest.next('workspace.unavailable');

    expect(await ask(owner, 'workspace.access.share', { shared: true })).toMatchObject({
      status: 'success',
    });
    expect((await server.store.workspaces.byId(ws.id))?.shared).toBe(1);
    await ask(guest, 'display.messages', { limit: 20 }, 'display.history');
    await say(guest, 'hello from Bob');
    expect((await owner.next('user.echo')).content.content).toBe('hello from Bob');
    // Posting in a shared workspace does not make Bob a participant.
    expect(await server.store.workspaces.isParticipant(ws.id, bobId)).toBe(false);

    expect(await ask(owner, 'workspace.access.share', { shared: false })).toMatchObject({
      status: 'success',
    });
    expect((await guest.next('workspace.unavailable')).content).toMatchObject({
      workspace_id: ws.id,
      reason: 'forbidden',
    });
    // The owner (a participant) was not told anything.
    await settle();
    expect(typsOf(owner)).not.toContain('workspace.unavailable');
    const seen = guest.frames.length;
    await say(owner, 'private again');
    await settle();
    expect(guest.frames.slice(seen).map((f) => f.typ)).not.toContain('user.echo');
  });

  it('inviting lets one member in; removing them shuts them out', async () => {
    const ws = await privateWorkspace('Invite only');
    const owner = await socketIn(admin, ws.id);
    const members = await ask(owner, 'workspace.access.members', {});
    expect(members.members.map((m: { user_id: string }) => m.user_id)).toEqual(
      expect.arrayContaining([adminId, bobId, carolId]),
    );
    expect(members.members.find((m: { user_id: string }) => m.user_id === bobId)).toEqual({
      user_id: bobId,
      name: 'Bob',
      email: 'bob@test.local',
    });
    expect(await ask(owner, 'workspace.access.invite', { user_id: bobId })).toMatchObject({
      status: 'success',
    });
    const details = await ask(owner, 'workspace.access.details', {});
    expect(details).toMatchObject({
      shared: false,
      can_manage: true,
      participants: [
        { user_id: adminId, name: 'Administrator', creator: true },
        { user_id: bobId, name: 'Bob' },
      ],
    });

    const guest = await socketIn(bob, ws.id);
    await ask(guest, 'display.messages', { limit: 20 }, 'display.history');
    await say(owner, 'welcome, Bob');
    expect((await guest.next('user.echo')).content.content).toBe('welcome, Bob');
    // Bob sees who has access but may not change it.
    expect(await ask(guest, 'workspace.access.details', {})).toMatchObject({ can_manage: false });
    expect(await ask(guest, 'workspace.access.invite', { user_id: carolId })).toMatchObject({
      status: 'error',
      error: NOT_ACCESS_MANAGER,
    });
    expect(await ask(guest, 'workspace.access.share', { shared: true })).toMatchObject({
      status: 'error',
      error: NOT_ACCESS_MANAGER,
    });
    guest.send({ typ: 'workspace.access.members', content: {}, request_id: 'members-bob' });
    expect((await guest.next('server.error')).content.error).toBe(NOT_ACCESS_MANAGER);

    // A member of another world cannot be invited; the creator cannot be removed.
    const strangerId = (await server.store.users.byEmail('stranger@test.local'))!.id;
    expect(await ask(owner, 'workspace.access.invite', { user_id: strangerId })).toMatchObject({
      status: 'error',
      error: 'Only members of this world can be invited',
    });
    expect(await ask(owner, 'workspace.access.remove', { user_id: adminId })).toMatchObject({
      status: 'error',
    });

    expect(await ask(owner, 'workspace.access.remove', { user_id: bobId })).toMatchObject({
      status: 'success',
    });
    expect((await guest.next('workspace.unavailable')).content).toMatchObject({
      workspace_id: ws.id,
      reason: 'forbidden',
    });
    const seen = guest.frames.length;
    await say(owner, 'after Bob left');
    await settle();
    expect(guest.frames.slice(seen).map((f) => f.typ)).not.toContain('user.echo');
    guest.send({ typ: 'display.messages', content: { limit: 20 } });
    expect((await guest.next('workspace.unavailable')).content.reason).toBe('forbidden');
  });

  it('the dashboard history lists only what the user may open', async () => {
    const hidden = await privateWorkspace('Hidden from Bob');
    const invited = await privateWorkspace('Bob is invited');
    await server.store.workspaces.addUser(invited.id, bobId);
    const res = await bob.request('GET', '/api/dashboard?id=core', {
      headers: { 'X-World-Id': WORLD },
    });
    expect(res.status).toBe(200);
    const listed = res.body.main_column
      .find((w: { layout: string }) => w.layout === 'DefaultHistoryWidget')
      .workspaces.map((w: { workspace_id: string }) => w.workspace_id);
    expect(listed).toContain(invited.id);
    expect(listed).toContain(`${WORLD}-welcome`);
    expect(listed).not.toContain(hidden.id);
    const openTo = (await server.store.workspaces.openTo(WORLD, bobId)).map((w) => w.id);
    expect(openTo).toEqual(listed);
    // listForUser stays narrower: participants only.
    const own = (await server.store.workspaces.listForUser(WORLD, bobId)).map((w) => w.id);
    expect(own).toContain(invited.id);
    expect(own).not.toContain(`${WORLD}-welcome`);
  });
});
