import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';
import { NOT_MANAGER } from '../../server/workspaces/sidebarHandlers';

/**
 * The sidebar of conversations over the socket (protocol/workspaceList.ts):
 * every message answered, every workspace id checked against the user's
 * list, changes told to the people of the workspace.
 */

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
  const user = await server.store.users.create({
    email: 'member@test.local',
    name: 'Member',
    passwordHash: await hashPassword('member-password'),
  });
  memberId = user.id;
  await server.store.users.grant(memberId, WORLD, false);
  member = new Client(server.url);
  expect((await member.signIn('member@test.local', 'member-password')).status).toBe(200);
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

async function socketFor(client = admin, workspaceId?: string) {
  const sock = openSocket(server, client, WORLD);
  sockets.push(sock);
  await sock.next('server.hello');
  if (workspaceId)
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

let seq = 0;
async function ask(sock: TestSocket, typ: string, content: object) {
  const requestId = `sb-${++seq}`;
  sock.send({ typ, content, request_id: requestId });
  const reply = await sock.next(`${typ}.response`);
  expect(reply.content.request_id).toBe(requestId);
  return reply.content;
}

let n = 0;
async function workspace(name: string, by = adminId) {
  return server.store.workspaces.create({ worldId: WORLD, createdBy: by, name, id: `sb-${++n}` });
}

async function listed(sock: TestSocket) {
  return (await ask(sock, 'workspace.list', {})).workspaces as {
    workspace_id: string;
    name: string | null;
    pinned: boolean;
    archived: boolean;
  }[];
}

describe('workspace.list', () => {
  it('answers the user’s workspaces in this world, newest activity first, not other people’s', async () => {
    const older = await workspace('Older');
    const newer = await workspace('Newer');
    const theirs = await workspace('Theirs', memberId);
    await server.store.transcripts.addMessage(older.id, {
      message_id: 'sb-list-1',
      role: 'user',
      name: 'Admin',
      expert_id: null,
      user_id: adminId,
      content: 'wakes it up',
      html: null,
      created_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const ids = (await listed(await socketFor())).map((w) => w.workspace_id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(theirs.id);
    expect(ids.indexOf(older.id)).toBe(0);
  });
});

describe('workspace.rename', () => {
  it('renames any workspace of the list by id and tells its people and whoever has it open', async () => {
    const ws = await workspace('Before');
    await server.store.workspaces.addUser(ws.id, memberId);
    const renamer = await socketFor(admin, 'sb-other'); // has another workspace open
    const watcher = await socketFor(member, ws.id);
    expect(
      await ask(renamer, 'workspace.rename', { workspace_id: ws.id, name: '  After  ' }),
    ).toEqual(expect.objectContaining({ status: 'success' }));
    expect((await server.store.workspaces.byId(ws.id))!.name).toBe('After');
    expect((await watcher.next('workspace.changed')).content).toEqual({
      workspace_id: ws.id,
      name: 'After',
    });
    expect((await renamer.next('workspace.changed')).content.name).toBe('After');
  });

  it('refuses a blank name and a workspace not in the user’s list, writing nothing', async () => {
    const mine = await workspace('Mine');
    const theirs = await workspace('Theirs', memberId);
    const sock = await socketFor();
    expect(
      await ask(sock, 'workspace.rename', { workspace_id: mine.id, name: '   ' }),
    ).toMatchObject({
      status: 'error',
      error: 'Workspace name is required',
    });
    expect(
      await ask(sock, 'workspace.rename', { workspace_id: theirs.id, name: 'Taken' }),
    ).toMatchObject({ status: 'error', error: 'This workspace is not open to you' });
    expect((await server.store.workspaces.byId(mine.id))!.name).toBe('Mine');
    expect((await server.store.workspaces.byId(theirs.id))!.name).toBe('Theirs');
  });
});

describe('workspace.pin and workspace.archive', () => {
  it('marks the workspace for this user only', async () => {
    const ws = await workspace('Shared');
    await server.store.workspaces.addUser(ws.id, memberId);
    const sock = await socketFor();
    expect((await ask(sock, 'workspace.pin', { workspace_id: ws.id, pinned: true })).status).toBe(
      'success',
    );
    expect(await sock.next('workspace.changed')).toMatchObject({
      content: { workspace_id: ws.id },
    });
    expect(
      (await ask(sock, 'workspace.archive', { workspace_id: ws.id, archived: true })).status,
    ).toBe('success');
    expect((await listed(sock)).find((w) => w.workspace_id === ws.id)).toMatchObject({
      pinned: true,
      archived: true,
    });
    expect(
      (await listed(await socketFor(member))).find((w) => w.workspace_id === ws.id),
    ).toMatchObject({ pinned: false, archived: false });
  });
});

describe('workspace.delete and workspace.restore', () => {
  it('deletes softly: gone from the list and from opening, back on restore', async () => {
    const ws = await workspace('Doomed');
    const sock = await socketFor();
    const viewer = await socketFor(admin, ws.id);
    expect((await ask(sock, 'workspace.delete', { workspace_id: ws.id })).status).toBe('success');
    expect((await viewer.next('workspace.changed')).content).toEqual({
      workspace_id: ws.id,
      deleted: true,
    });
    expect((await listed(sock)).map((w) => w.workspace_id)).not.toContain(ws.id);
    // The workspace no longer exists for the socket that had it open.
    expect(await ask(viewer, 'workspace.update', { name: 'Still here?' })).toMatchObject({
      status: 'error',
      error: 'This workspace does not exist',
    });
    // Deleting twice: it is no longer in the list.
    expect((await ask(sock, 'workspace.delete', { workspace_id: ws.id })).status).toBe('error');
    expect((await ask(sock, 'workspace.restore', { workspace_id: ws.id })).status).toBe('success');
    expect((await listed(sock)).map((w) => w.workspace_id)).toContain(ws.id);
    expect((await ask(sock, 'workspace.restore', { workspace_id: ws.id })).status).toBe('error');
  });

  it('lets no one else delete or restore a workspace that is not in their list', async () => {
    const ws = await workspace('Admin only');
    const other = await socketFor(member);
    expect((await ask(other, 'workspace.delete', { workspace_id: ws.id })).status).toBe('error');
    await server.store.workspaces.softDelete(ws.id);
    expect((await ask(other, 'workspace.restore', { workspace_id: ws.id })).status).toBe('error');
    expect(await server.store.workspaces.byId(ws.id)).toBeUndefined();
  });
});

describe('workspace.search', () => {
  it('finds workspaces by name and messages by content, only among the user’s workspaces', async () => {
    const mine = await workspace('Zeppelin plans');
    const theirs = await workspace('Zeppelin secrets', memberId);
    for (const [ws, id, content] of [
      [mine.id, 'sb-s1', 'The hangar for the zeppelin needs <b>heating</b>'],
      [theirs.id, 'sb-s2', 'A zeppelin only the member may read'],
    ] as const)
      await server.store.transcripts.addMessage(ws, {
        message_id: id,
        role: 'user',
        name: 'Someone',
        expert_id: null,
        user_id: null,
        content,
        html: null,
        created_at: new Date().toISOString(),
      });
    const sock = await socketFor();
    const answer = await ask(sock, 'workspace.search', { q: 'zeppelin' });
    expect(answer.q).toBe('zeppelin');
    expect(answer.results).toEqual([
      { kind: 'name', workspace_id: mine.id, name: 'Zeppelin plans' },
      expect.objectContaining({
        kind: 'message',
        workspace_id: mine.id,
        name: 'Zeppelin plans',
        message_id: 'sb-s1',
        snippet: expect.stringContaining('«zeppelin»'),
      }),
    ]);
    // The word being typed matches as a prefix.
    expect((await ask(sock, 'workspace.search', { q: 'heat' })).results).toEqual([
      expect.objectContaining({ message_id: 'sb-s1' }),
    ]);
  });

  it('answers nothing, without an error, to empty, symbol-only and hostile queries', async () => {
    const sock = await socketFor();
    for (const q of [
      '',
      '   ',
      '*** ',
      '"',
      '" OR 1=1 --',
      'NEAR(a b)',
      "'; DROP TABLE messages; --",
      'a"b*',
    ])
      expect((await ask(sock, 'workspace.search', { q })).results).toEqual(
        q.match(/[a-z]/i) ? expect.any(Array) : [],
      );
    expect(sock.frames.filter((f) => f.typ === 'server.error')).toEqual([]);
  });
});

describe('shared and private workspaces in the sidebar', () => {
  it('lists a shared workspace to every member, hides a private one, and lets only its creator delete it', async () => {
    const shared = await workspace('Shared plans');
    await server.store.workspaces.setShared(shared.id, true);
    const secret = await workspace('Admin only');
    const sock = await socketFor(member);
    const ids = (await listed(sock)).map((w) => w.workspace_id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(secret.id);
    // Found by name only where it may be opened.
    const found = (await ask(sock, 'workspace.search', { q: 'Admin only' })).results as {
      workspace_id: string;
    }[];
    expect(found.map((r) => r.workspace_id)).not.toContain(secret.id);
    expect(await ask(sock, 'workspace.delete', { workspace_id: shared.id })).toMatchObject({
      status: 'error',
      error: NOT_MANAGER,
    });
    expect(await server.store.workspaces.byId(shared.id)).toBeDefined();
    expect(await ask(sock, 'workspace.delete', { workspace_id: secret.id })).toMatchObject({
      status: 'error',
      error: 'This workspace is not open to you',
    });
  });
});
