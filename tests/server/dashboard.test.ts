import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { timeAgo } from '../../server/dashboard/timeAgo';
import { Client, openSocket, startTestServer, storeLocation, type TestServer } from './harness';
import { withStoreDatabase } from '../support/storeDatabase';

const WORLD = 'innovation-lab';
let server: TestServer;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
  await server.store.worlds.create('closed-world', 'Closed World');
});
afterAll(() => server.close());

const inWorld = (worldId = WORLD) => ({ headers: { 'X-World-Id': worldId } });

async function dashboard(client = admin, worldId = WORLD) {
  const res = await client.request('GET', '/api/dashboard?id=core', inWorld(worldId));
  expect(res.status).toBe(200);
  return res.body;
}

async function history(client = admin, worldId = WORLD) {
  const body = await dashboard(client, worldId);
  return body.main_column.find((w: any) => w.layout === 'DefaultHistoryWidget').workspaces;
}

function action(body: unknown, client = admin, worldId = WORLD) {
  return client.request('POST', '/api/action', { body, ...inWorld(worldId) });
}

async function member(email: string, name: string, worlds: string[]) {
  const password = `${name}-password`;
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

describe('GET /api/dashboard', () => {
  it('renders the core widgets in their columns', async () => {
    const body = await dashboard();
    expect(body.status).toBe('ok');
    expect(body.main_column.map((w: any) => w.layout)).toEqual([
      'DefaultNewWorkspaceWidget',
      'DefaultHistoryWidget',
    ]);
    expect(body.side_column.map((w: any) => w.layout)).toEqual([
      'DefaultExpertsWidget',
      'DefaultImageWidget',
    ]);
    const [create, hist] = body.main_column;
    expect(create).toMatchObject({
      title: 'Create Workspace',
      description: expect.any(String),
      new_chat_action: { action: 'new_chat' },
    });
    expect(hist.user_prompt).toBe('Your recent workspaces');
    const [experts, image] = body.side_column;
    expect(experts.experts.map((e: any) => e.expert_id)).toEqual(
      expect.arrayContaining(['ada-quant', 'chrono', 'librarian', 'scout', 'devon']),
    );
    expect(experts.experts[0]).toMatchObject({
      name: expect.any(String),
      keywords: expect.any(Array),
    });
    expect(image).toEqual({
      layout: 'DefaultImageWidget',
      image_url: '/welcome.svg',
      alt: 'Welcome to EMgen — your multi-world AI workspace',
      width: 600,
      height: 200,
      click_action: { action: 'open_workspace', workspace_id: 'innovation-lab-welcome' },
    });
  });

  it('leaves out the image click when the world has no welcome meeting', async () => {
    await server.store.worlds.create('quiet-world', 'Quiet World');
    await server.store.users.grant(adminId, 'quiet-world', false);
    const body = await dashboard(admin, 'quiet-world');
    const image = body.side_column.find((w: any) => w.layout === 'DefaultImageWidget');
    expect(image.click_action).toBeUndefined();
    expect(
      body.main_column.find((w: any) => w.layout === 'DefaultHistoryWidget').workspaces,
    ).toEqual([]);
  });

  it('answers 401 signed out, 403 without access to the world, 404 for an unknown dashboard', async () => {
    const signedOut = await new Client(server.url).request(
      'GET',
      '/api/dashboard?id=core',
      inWorld(),
    );
    expect(signedOut.status).toBe(401);
    const closed = await admin.request('GET', '/api/dashboard?id=core', inWorld('closed-world'));
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe('You do not have access to world "closed-world"');
    const unknown = await admin.request('GET', '/api/dashboard?id=nope', inWorld());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'error', error: 'Unknown dashboard "nope"' });
  });

  it('shows a widget another app adds, and leaves out one that throws', async () => {
    server.registry.register({
      name: 'extra-widgets',
      cogs: [
        {
          module: 'extra',
          name: 'BrokenWidget',
          annotations: { widget: { dashboard: 'core', column: 'main', order: 15 } },
          handler: async () => {
            throw new Error('boom');
          },
        },
        {
          module: 'extra',
          name: 'NoticeWidget',
          annotations: { widget: { dashboard: 'core', column: 'side', order: 5 } },
          handler: async (_args, ctx) => ({ layout: 'NoticeWidget', world: ctx.worldId }),
        },
      ],
    });
    try {
      const body = await dashboard();
      expect(body.status).toBe('ok');
      expect(body.main_column.map((w: any) => w.layout)).toEqual([
        'DefaultNewWorkspaceWidget',
        'DefaultHistoryWidget',
      ]);
      expect(body.side_column[0]).toEqual({ layout: 'NoticeWidget', world: WORLD });
      expect(body.side_column).toHaveLength(3);
      // Written in the background of the answer.
      await expect
        .poll(async () => (await server.store.console.list(WORLD)).at(-1))
        .toMatchObject({
          app_name: 'extra-widgets',
          from: 'dashboard.error',
          message: 'Widget BrokenWidget failed: boom',
        });
    } finally {
      server.registry.unregister('extra-widgets');
    }
  });
});

describe('history', () => {
  it("lists the user's active workspaces in this world, newest first", async () => {
    const repo = server.store.workspaces;
    const now = Date.now();
    const old = await repo.create({
      worldId: WORLD,
      name: 'Three days old',
      createdBy: adminId,
      now: new Date(now - 3 * 86400_000 - 1000),
    });
    await repo.addExpert(old.id, 'chrono');
    const recent = await repo.create({
      worldId: WORLD,
      name: 'Five minutes old',
      createdBy: adminId,
      now: new Date(now - 5 * 60_000 - 1000),
    });
    await repo.addExpert(recent.id, 'scout');
    await repo.addExpert(recent.id, 'ada-quant');
    await repo.create({ worldId: 'acme_research', name: 'Other world', createdBy: adminId });

    const list = await history();
    const ids = list.map((w: any) => w.workspace_id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(old.id));
    expect(list.map((w: any) => w.name)).not.toContain('Other world');
    expect(list.find((w: any) => w.workspace_id === recent.id)).toEqual({
      workspace_id: recent.id,
      name: 'Five minutes old',
      url: `/w/${WORLD}/workspace?id=${recent.id}`,
      created_ago: '5 minutes ago',
      users: [{ user_id: adminId, name: 'Administrator' }],
      experts: [
        { expert_id: 'scout', name: 'Scout' },
        { expert_id: 'ada-quant', name: 'Ada Quant' },
      ],
    });
    expect(list.find((w: any) => w.workspace_id === old.id)).toMatchObject({
      created_ago: '3 days ago',
      experts: [{ expert_id: 'chrono', name: 'Chrono' }],
    });
  });

  it("does not show another user's workspace", async () => {
    const other = await member('olga@test.local', 'Olga Other', [WORLD]);
    const hers = await server.store.workspaces.create({
      worldId: WORLD,
      name: 'Olga only',
      createdBy: other.id,
    });
    expect((await history()).map((w: any) => w.workspace_id)).not.toContain(hers.id);
    const mine = await history(other.client);
    // Hers, and the world's Welcome meeting, which is shared with everyone in it.
    expect(mine.map((w: any) => w.workspace_id)).toEqual([hers.id, `${WORLD}-welcome`]);
    expect(mine[0]).toMatchObject({
      created_ago: 'just now',
      users: [{ user_id: other.id, name: 'Olga Other' }],
    });
  });
});

describe('POST /api/action', () => {
  it('new_chat makes a draft that history lists only once workspace.update names it', async () => {
    const res = await action({ action: 'new_chat' });
    expect(res.status).toBe(200);
    const match = /^\/w\/innovation-lab\/workspace-management\?id=([\w-]+)&mode=create$/.exec(
      res.body.redirect_url,
    );
    expect(res.body.status).toBe('ok');
    expect(match).not.toBeNull();
    const id = match![1]!;
    expect(await server.store.workspaces.byId(id)).toMatchObject({
      world_id: WORLD,
      created_by: adminId,
      status: 'draft',
    });
    expect((await server.store.workspaces.users(id)).map((u) => u.user_id)).toEqual([adminId]);
    expect((await history()).map((w: any) => w.workspace_id)).not.toContain(id);

    const sock = openSocket(server, admin, WORLD);
    await sock.next('server.hello');
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: id } });
    sock.send({ typ: 'workspace.update', content: { name: 'Fresh idea' }, request_id: 'u1' });
    expect((await sock.next('workspace.update.response')).content.status).toBe('success');
    sock.send({ typ: 'workspace.expert.add', content: { expert_id: 'devon' }, request_id: 'a1' });
    expect((await sock.next('workspace.expert.add.response')).content.status).toBe('success');
    sock.ws.close();

    const list = await history();
    expect(list[0]).toMatchObject({
      workspace_id: id,
      name: 'Fresh idea',
      created_ago: 'just now',
      experts: [{ expert_id: 'devon', name: 'Devon Code' }],
      users: [{ user_id: adminId, name: 'Administrator' }],
    });
  });

  it('open_workspace redirects to a workspace of this world only', async () => {
    const ok = await action({ action: 'open_workspace', workspace_id: 'innovation-lab-welcome' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      status: 'ok',
      redirect_url: '/w/innovation-lab/workspace?id=innovation-lab-welcome',
    });
    const foreign = await action({
      action: 'open_workspace',
      workspace_id: 'acme_research-welcome',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('This workspace does not exist');
    const missing = await action({ action: 'open_workspace' });
    expect(missing.status).toBe(400);
  });

  it('refuses an unknown or missing action with 400', async () => {
    const unknown = await action({ action: 'launch_rockets' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ status: 'error', error: 'Unknown action "launch_rockets"' });
    expect((await action({})).status).toBe(400);
    expect((await action({ action: 42 })).status).toBe(400);
  });

  it('requires sign-in, world access and the CSRF header', async () => {
    const drafts = () =>
      withStoreDatabase(storeLocation(server.dataDir), (db) =>
        db.q
          .selectFrom('workspaces')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      );
    const before = await drafts();
    const noCsrf = await admin.request('POST', '/api/action', {
      body: { action: 'new_chat' },
      csrf: false,
      ...inWorld(),
    });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error).toBe('CSRF token missing or invalid');
    expect((await action({ action: 'new_chat' }, new Client(server.url))).status).toBe(401);
    expect((await action({ action: 'new_chat' }, admin, 'closed-world')).status).toBe(403);
    expect(await drafts()).toEqual(before);
  });
});

describe('timeAgo', () => {
  it('says how long ago in words', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(timeAgo(at(10_000), now)).toBe('just now');
    expect(timeAgo(at(-5_000), now)).toBe('just now');
    expect(timeAgo(at(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(at(5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(at(2 * 3600_000), now)).toBe('2 hours ago');
    expect(timeAgo(at(86400_000), now)).toBe('1 day ago');
    expect(timeAgo(at(3 * 86400_000), now)).toBe('3 days ago');
    expect(timeAgo(at(65 * 86400_000), now)).toBe('2 months ago');
    expect(timeAgo(at(800 * 86400_000), now)).toBe('2 years ago');
  });
});
