import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { account, ACME } from './peopleHelpers';

/**
 * GET /api/workspaces/:id (issue 19): what the workspace page asks while its
 * code and socket are on their way, to know whether there is a conversation
 * to show. The same session, world and access checks as every workspace route.
 */
const WORLD = 'innovation-lab';

let server: TestServer;
let admin: Client;
let adminId: string;
let bob: Client; // a plain member of the world, no participant of the admin's private workspace
let stranger: Client; // a member of another world only

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  ({ client: bob } = await account(server, [{ world: WORLD }], 'bob'));
  ({ client: stranger } = await account(server, [{ world: ACME }], 'stranger'));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const summary = (client: Client, id: string, world = WORLD) =>
  client.request('GET', `/api/workspaces/${encodeURIComponent(id)}`, {
    headers: { 'X-World-Id': world },
  });

async function addMessages(workspaceId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await server.store.transcripts.addMessage(workspaceId, {
      message_id: `${workspaceId}-m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      name: i % 2 ? 'Ada Quant' : 'Admin',
      expert_id: i % 2 ? 'ada-quant' : null,
      user_id: i % 2 ? null : adminId,
      content: `Message ${i}`,
      html: null,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    });
  }
}

describe('a workspace summary', () => {
  it('says how many messages a conversation has: 0 before it begins', async () => {
    const ws = await server.store.workspaces.create({
      worldId: WORLD,
      name: 'Kiln plans',
      createdBy: adminId,
    });
    const empty = await summary(admin, ws.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      status: 'success',
      data: { id: ws.id, name: 'Kiln plans', messageCount: 0 },
    });
    expect(empty.headers.get('cache-control')).toContain('no-store');

    await addMessages(ws.id, 3);
    expect((await summary(admin, ws.id)).body.data.messageCount).toBe(3);
  });

  it('counts only its own workspace, and a shared one opens to the whole world', async () => {
    const other = await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    const shared = await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    await server.store.workspaces.setShared(shared.id, true);
    await addMessages(shared.id, 2);
    const answer = await summary(bob, shared.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: shared.id, name: null, messageCount: 2 });
    expect((await summary(admin, other.id)).body.data.messageCount).toBe(0);
  });

  it('is refused as every workspace route is: not open 403, unknown or another world 404', async () => {
    const ws = await server.store.workspaces.create({
      worldId: WORLD,
      name: 'Private plans',
      createdBy: adminId,
    });
    await addMessages(ws.id, 1);
    const refused = await summary(bob, ws.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This workspace is not open to you');
    expect(JSON.stringify(refused.body)).not.toContain('messageCount');

    const unknown = await summary(admin, 'no-such-workspace');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('This workspace does not exist');

    // Asked from a world the workspace is not in, by someone who may not enter its world.
    expect((await summary(admin, ws.id, ACME)).status).toBe(404);
    expect((await summary(stranger, ws.id, ACME)).status).toBe(404);
    expect((await summary(stranger, ws.id)).status).toBe(403);
  });

  it('needs a session, a world and an id of a sane length', async () => {
    const ws = await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    const anonymous = new Client(server.url);
    expect((await summary(anonymous, ws.id)).status).toBe(401);
    const noWorld = await admin.request('GET', `/api/workspaces/${ws.id}`);
    expect(noWorld.status).toBeGreaterThanOrEqual(400);
    expect(noWorld.body.status).toBe('error');
    // Longer than any id the server makes: refused before the route runs.
    const long = await summary(admin, 'x'.repeat(201));
    expect(long.status).toBe(414);
  });
});
