import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/cog/registry';
import type { ExpertEngine } from '../../server/meeting/types';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from './harness';

/**
 * A socket's frames are handled in the order they came, though handlers
 * await the store; work that may take long (an expert's answer, a page cog)
 * never holds up the frames after it.
 */

const WORLD = 'innovation-lab';
let release = (): void => undefined;
let held = new Promise<void>((resolve) => (release = resolve));

/** Devon answers only when the test releases him; everyone else at once. */
const engine: ExpertEngine = {
  name: 'held',
  async answer(req, report) {
    if (req.expert.id === 'devon') await held;
    report.answer(`${req.expert.name} answers`, true);
  },
};

/** A page that shows only when the test releases it. */
const heldPage: App = {
  name: 'heldpages',
  cogs: [
    {
      module: 'pages',
      name: 'held',
      annotations: { page: { pagename: 'held' } },
      handler: async () => {
        await held;
        return { component: { component: 'Text', content: 'finally' } };
      },
    },
  ],
};

let server: TestServer;
let admin: Client;
let adminId: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { engine, expertTimeoutMs: 20_000, screenTimeoutMs: 20_000 });
  server.registry.register(heldPage);
  admin = new Client(server.url);
  await admin.signIn();
  adminId = (await server.store.users.byEmail('admin@test.local'))!.id;
});
afterAll(async () => {
  release();
  for (const s of sockets) s.ws.close();
  await server.close();
});

async function socketIn(workspaceId: string): Promise<TestSocket> {
  const sock = openSocket(server, admin, WORLD);
  sockets.push(sock);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  return sock;
}

const holdAgain = () => {
  held = new Promise<void>((resolve) => (release = resolve));
};

describe('one socket, frames in order', () => {
  it('writes sent without waiting land in order, and a read after them sees them all', async () => {
    const ws = await server.store.workspaces.createDraft({ worldId: WORLD, createdBy: adminId });
    const sock = await socketIn(ws.id);
    const writes: [string, object][] = [
      ['workspace.expert.add', { expert_id: 'chrono' }],
      ['workspace.expert.add', { expert_id: 'scout' }],
      ['workspace.expert.remove', { expert_id: 'chrono' }],
      ['workspace.toolprovider.add', { provider_name: 'calculations' }],
      ['workspace.toolprovider.remove', { provider_name: 'calculations' }],
      ['workspace.toolprovider.add', { provider_name: 'web_search' }],
      ['workspace.update', { name: 'Ordered' }],
    ];
    writes.forEach(([typ, content], i) => sock.send({ typ, content, request_id: `w${i}` }));
    sock.send({ typ: 'display.experts', content: {} });
    sock.send({ typ: 'workspace.expert.details', content: {}, request_id: 'details' });
    const details = await sock.next('workspace.expert.details.response');

    const replies = sock.frames.filter((f) => f.typ.endsWith('.response'));
    expect(replies.map((f) => f.request_id)).toEqual([...writes.map((_, i) => `w${i}`), 'details']);
    expect(replies.slice(0, -1).every((f) => f.content.status === 'success')).toBe(true);
    expect(
      sock.frames.filter((f) => f.typ === 'display.expert').map((f) => f.content.name),
    ).toEqual(['Scout']);
    expect(details.content.workspaceName).toBe('Ordered');
    expect(await server.store.workspaces.expertIds(ws.id)).toEqual(['scout']);
    expect(await server.store.workspaces.toolProviders(ws.id)).toEqual(['web_search']);
    expect((await server.store.workspaces.byId(ws.id))!.status).toBe('active');
  });

  it('a user.message sent right after a workspace is named is stored in it, echoed after the answer to the naming', async () => {
    const ws = await server.store.workspaces.createDraft({ worldId: WORLD, createdBy: adminId });
    const sock = await socketIn(ws.id);
    sock.send({ typ: 'workspace.expert.add', content: { expert_id: 'scout' }, request_id: 'add' });
    sock.send({ typ: 'workspace.update', content: { name: 'Quick' }, request_id: 'name' });
    sock.send({ typ: 'user.message', content: { text: 'first words' } });
    await sock.next('user.echo');
    const answer = await sock.next('assistant.message');
    expect(answer.content).toMatchObject({ name: 'Scout', final: true });
    expect(sock.frames.map((f) => f.typ).slice(1, 4)).toEqual([
      'workspace.expert.add.response',
      'workspace.update.response',
      'user.echo',
    ]);
    expect((await server.store.transcripts.messages(ws.id)).map((m) => m.content)).toContain(
      'first words',
    );
  });
});

describe('long work does not hold up the socket', () => {
  it('an expert still answering: the next frames of the socket are answered meanwhile', async () => {
    holdAgain();
    const ws = await server.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    await server.store.workspaces.addExpert(ws.id, 'devon');
    const sock = await socketIn(ws.id);
    sock.send({ typ: 'user.message', content: { text: 'take your time' } });
    sock.send({ typ: 'workspace.expert.details', content: {}, request_id: 'meanwhile' });
    sock.send({ typ: 'user.message', content: { text: 'and another thing' } });
    expect((await sock.next('workspace.expert.details.response')).request_id).toBe('meanwhile');
    expect((await sock.next('user.echo')).content.content).toBe('take your time');
    expect((await sock.next('user.echo')).content.content).toBe('and another thing');
    expect(sock.frames.some((f) => f.typ === 'assistant.message')).toBe(false);

    release();
    const answers = [await sock.next('assistant.message'), await sock.next('assistant.message')];
    expect(answers.map((a) => a.content.content)).toEqual([
      'Devon Code answers',
      'Devon Code answers',
    ]);
    // Stored in the order it was said: both questions, then both answers.
    expect((await server.store.transcripts.messages(ws.id)).map((m) => m.role)).toEqual([
      'user',
      'user',
      'assistant',
      'assistant',
    ]);
  });

  it('a page cog still working: the next frames of the socket are answered meanwhile', async () => {
    holdAgain();
    const sock = await socketIn('innovation-lab-welcome');
    sock.send({
      typ: 'page.display',
      content: { appname: 'heldpages', pagename: 'held' },
      request_id: 'page',
    });
    sock.send({ typ: 'workspace.expert.details', content: {}, request_id: 'meanwhile' });
    expect((await sock.next('workspace.expert.details.response')).request_id).toBe('meanwhile');
    expect(sock.frames.some((f) => f.typ === 'page.display')).toBe(false);
    release();
    const page = await sock.next('page.display');
    expect(page).toMatchObject({ request_id: 'page', content: { status: 'ok' } });
  });
});
