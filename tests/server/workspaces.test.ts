import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { DRAFT_TTL_MS } from '../../server/store/workspaces';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';

let server: TestServer;
let admin: Client;
let adminId: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

/** A socket in `worldId` with `workspaceId` opened, as the management page does. */
async function socketFor(workspaceId?: string, worldId = 'innovation-lab', client = admin) {
  const sock = openSocket(server, client, worldId);
  sockets.push(sock);
  await sock.next('server.hello');
  if (workspaceId)
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

let seq = 0;
/** Sends a request and returns its reply's content, checking the request id came back. */
async function ask(sock: TestSocket, typ: string, content: object) {
  const requestId = `req-${++seq}`;
  sock.send({ typ, content, request_id: requestId });
  const reply = await sock.next(`${typ}.response`);
  expect(reply.request_id).toBe(requestId);
  expect(reply.envelope.requestId).toBe(requestId);
  expect(reply.content.request_id).toBe(requestId);
  return reply.content;
}

/** Everything a workspace.* write could change. */
async function state(id: string) {
  const ws = server.store.workspaces;
  return {
    row: await ws.byId(id),
    experts: await ws.expertIds(id),
    providers: await ws.toolProviders(id),
    users: await ws.users(id),
  };
}

function draft(worldId = 'innovation-lab') {
  return server.store.workspaces.createDraft({ worldId, createdBy: adminId });
}

describe('workspace.update', () => {
  it('trims the name, renames and activates a draft', async () => {
    const ws = await draft();
    expect(ws.status).toBe('draft');
    const sock = await socketFor(ws.id);
    expect(await ask(sock, 'workspace.update', { name: '  Market study  ' })).toMatchObject({
      status: 'success',
    });
    expect((await state(ws.id)).row).toMatchObject({ name: 'Market study', status: 'active' });
    // A later rename keeps it active.
    expect((await ask(sock, 'workspace.update', { name: 'Market study 2' })).status).toBe(
      'success',
    );
    expect((await state(ws.id)).row).toMatchObject({ name: 'Market study 2', status: 'active' });
  });

  it('creates an unnamed workspace from a draft given a blank name', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    expect((await ask(sock, 'workspace.update', { name: '   ' })).status).toBe('success');
    expect((await state(ws.id)).row).toMatchObject({ name: null, status: 'active' });
  });

  it('refuses a blank name for an existing workspace and a name over 200 characters, writing nothing', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    const before = await state(ws.id);
    expect(await ask(sock, 'workspace.update', { name: 'x'.repeat(201) })).toMatchObject({
      status: 'error',
      error: 'Workspace name must be at most 200 characters',
    });
    expect(await state(ws.id)).toEqual(before);
    expect((await state(ws.id)).row!.status).toBe('draft');
    expect((await ask(sock, 'workspace.update', { name: 'Named' })).status).toBe('success');
    const named = await state(ws.id);
    expect(await ask(sock, 'workspace.update', { name: '   ' })).toMatchObject({
      status: 'error',
      error: 'Workspace name is required',
    });
    expect(await state(ws.id)).toEqual(named);
    // Exactly 200 (after trimming) is fine.
    expect((await ask(sock, 'workspace.update', { name: ` ${'y'.repeat(200)} ` })).status).toBe(
      'success',
    );
    expect((await state(ws.id)).row!.name).toBe('y'.repeat(200));
  });
});

describe('workspace.expert.add / .remove', () => {
  it('adds and removes experts, each answered with success', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    expect((await ask(sock, 'workspace.expert.add', { expert_id: 'chrono' })).status).toBe(
      'success',
    );
    expect((await ask(sock, 'workspace.expert.add', { expert_id: 'scout' })).status).toBe(
      'success',
    );
    // Adding twice is harmless.
    expect((await ask(sock, 'workspace.expert.add', { expert_id: 'chrono' })).status).toBe(
      'success',
    );
    expect((await state(ws.id)).experts).toEqual(['chrono', 'scout']);
    expect((await ask(sock, 'workspace.expert.remove', { expert_id: 'chrono' })).status).toBe(
      'success',
    );
    expect((await state(ws.id)).experts).toEqual(['scout']);
  });

  it('refuses an unknown expert id, writing nothing', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    await ask(sock, 'workspace.expert.add', { expert_id: 'devon' });
    const before = await state(ws.id);
    expect(await ask(sock, 'workspace.expert.add', { expert_id: 'nobody' })).toMatchObject({
      status: 'error',
      error: 'Unknown expert "nobody"',
    });
    expect(await ask(sock, 'workspace.expert.remove', { expert_id: 'nobody' })).toMatchObject({
      status: 'error',
      error: 'Unknown expert "nobody"',
    });
    expect(await state(ws.id)).toEqual(before);
  });

  it('still removes an expert the workspace has that is no longer installed', async () => {
    const ws = await draft();
    await server.store.workspaces.addExpert(ws.id, 'retired-expert');
    const sock = await socketFor(ws.id);
    expect(
      (await ask(sock, 'workspace.expert.remove', { expert_id: 'retired-expert' })).status,
    ).toBe('success');
    expect((await state(ws.id)).experts).toEqual([]);
  });
});

describe('workspace.toolprovider.add / .remove', () => {
  it('adds and removes tool providers', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    for (const provider_name of ['calculations', 'web_search'])
      expect((await ask(sock, 'workspace.toolprovider.add', { provider_name })).status).toBe(
        'success',
      );
    expect((await state(ws.id)).providers).toEqual(['calculations', 'web_search']);
    expect(
      (await ask(sock, 'workspace.toolprovider.remove', { provider_name: 'calculations' })).status,
    ).toBe('success');
    expect((await state(ws.id)).providers).toEqual(['web_search']);
  });

  it('refuses an unknown provider, writing nothing', async () => {
    const ws = await draft();
    const sock = await socketFor(ws.id);
    await ask(sock, 'workspace.toolprovider.add', { provider_name: 'date_and_time' });
    const before = await state(ws.id);
    for (const typ of ['workspace.toolprovider.add', 'workspace.toolprovider.remove'])
      expect(await ask(sock, typ, { provider_name: 'teleport' })).toMatchObject({
        status: 'error',
        error: 'Unknown tool provider "teleport"',
      });
    expect(await state(ws.id)).toEqual(before);
  });
});

describe('workspace.toolprovider.details', () => {
  it('lists every provider with its tools and whether the workspace uses it', async () => {
    const ws = await draft();
    await server.store.workspaces.addToolProvider(ws.id, 'date_and_time');
    const sock = await socketFor(ws.id);
    sock.send({ typ: 'workspace.toolprovider.details', content: {}, request_id: 'details-1' });
    const reply = await sock.next('workspace.toolprovider.details.response');
    expect(reply.request_id).toBe('details-1');
    const providers = reply.content.providers;
    expect(providers.map((p: any) => [p.name, p.selected])).toEqual([
      ['calculations', false],
      ['date_and_time', true],
      ['web_search', false],
      ['documents', false],
    ]);
    const calc = providers[0];
    expect(calc.description).toMatch(/arithmetic/);
    expect(calc.service_url).toMatch(/^https:\/\//);
    expect(calc.tools).toContainEqual({
      name: 'calc_evaluate',
      description: expect.stringMatching(/mathematical expression/),
    });
    expect(calc.tools.map((t: any) => t.name)).toEqual(
      expect.arrayContaining([
        'calc_evaluate',
        'calc_convert',
        'calc_statistics',
        'calc_percentage',
        'calc_ratio',
        'calc_finance',
      ]),
    );
    expect(providers[2].tools.map((t: any) => t.name)).toEqual(['search_web']);
  });
});

describe('the workspace a request acts on', () => {
  it("refuses another world's workspace for every message, writing nothing", async () => {
    const foreign = await server.store.workspaces.create({
      worldId: 'acme_research',
      name: 'Acme secret',
      createdBy: adminId,
    });
    const before = await state(foreign.id);
    const sock = await socketFor(foreign.id, 'innovation-lab');
    // Another world's workspace does not exist here (its existence is not told).
    const error = 'This workspace does not exist';
    const requests: [string, object][] = [
      ['workspace.update', { name: 'Hijacked' }],
      ['workspace.expert.add', { expert_id: 'chrono' }],
      ['workspace.expert.remove', { expert_id: 'chrono' }],
      ['workspace.toolprovider.add', { provider_name: 'calculations' }],
      ['workspace.toolprovider.remove', { provider_name: 'calculations' }],
    ];
    for (const [typ, content] of requests)
      expect(await ask(sock, typ, content)).toMatchObject({ status: 'error', error });
    sock.send({ typ: 'workspace.toolprovider.details', content: {}, request_id: 'foreign' });
    const refused = await sock.next('server.error');
    expect(refused).toMatchObject({ request_id: 'foreign', content: { error } });
    expect(await state(foreign.id)).toEqual(before);
  });

  it("says 'No workspace selected' without a workspace_id", async () => {
    const sock = await socketFor();
    expect(await ask(sock, 'workspace.expert.add', { expert_id: 'chrono' })).toMatchObject({
      status: 'error',
      error: 'No workspace selected',
    });
  });

  it('lets a participant of a shared workspace edit it without making them a participant', async () => {
    await server.store.users.create({
      email: 'editor@test.local',
      name: 'Eddie Editor',
      passwordHash: await hashPassword('editor-password'),
    });
    const editorId = (await server.store.users.byEmail('editor@test.local'))!.id;
    await server.store.users.grant(editorId, 'innovation-lab', false);
    const editor = new Client(server.url);
    await editor.signIn('editor@test.local', 'editor-password');
    const ws = await server.store.workspaces.create({
      worldId: 'innovation-lab',
      name: 'Shared',
      createdBy: adminId,
      shared: true,
    });
    const sock = await socketFor(ws.id, 'innovation-lab', editor);
    expect((await ask(sock, 'workspace.expert.add', { expert_id: 'scout' })).status).toBe(
      'success',
    );
    // Who may open it is changed on purpose (invite), never as a side effect of editing.
    expect((await state(ws.id)).users.map((u) => u.name)).toEqual(['Administrator']);
    expect((await state(ws.id)).experts).toEqual(['scout']);
  });
});

describe('drafts in the store', () => {
  it('lists only active workspaces and purges drafts older than 24 hours', async () => {
    const repo = server.store.workspaces;
    const now = new Date();
    const stale = await repo.createDraft({
      worldId: 'acme_research',
      createdBy: adminId,
      now: new Date(now.getTime() - DRAFT_TTL_MS - 60_000),
    });
    await repo.addExpert(stale.id, 'chrono');
    const youngEnough = await repo.createDraft({
      worldId: 'acme_research',
      createdBy: adminId,
      now: new Date(now.getTime() - DRAFT_TTL_MS + 60_000),
    });
    const recent = await repo.createDraft({ worldId: 'acme_research', createdBy: adminId, now });
    // Creating `recent` purged `stale`, with its experts.
    expect(await repo.byId(stale.id)).toBeUndefined();
    expect(await repo.expertIds(stale.id)).toEqual([]);
    expect((await repo.byId(youngEnough.id))!.status).toBe('draft');
    expect((await repo.byId(recent.id))!.status).toBe('draft');
    const listed = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(listed(await repo.listForWorld('acme_research'))).not.toContain(recent.id);
    expect(listed(await repo.listForUser('acme_research', adminId, 50))).not.toContain(recent.id);
    await repo.activate(recent.id);
    expect(listed(await repo.listForWorld('acme_research'))).toContain(recent.id);
    expect(listed(await repo.listForUser('acme_research', adminId, 50))).toContain(recent.id);
    // An active workspace is never purged, however old.
    expect(
      await repo.purgeStaleDrafts(new Date(now.getTime() + 10 * DRAFT_TTL_MS)),
    ).toBeGreaterThan(0);
    expect(await repo.byId(youngEnough.id)).toBeUndefined();
    expect(await repo.byId(recent.id)).toBeDefined();
  });
});
