import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  Client,
  enterWorkspace,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
} from '../harness';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from './fakeOpenAi';

/**
 * No silence, no guess (issue 17): an expert whose tool provider the
 * workspace lacks says which one to add and links to Configure Workspace; a
 * question no selected expert would answer gets a hint everyone watching sees.
 */

const WORLD = 'innovation-lab';
const configureLink = (id: string) =>
  `[Configure Workspace](/w/${WORLD}/workspace-management?id=${id}&mode=edit)`;

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(() => server.close());

/** A workspace of the admin's with these experts and tool providers. */
async function workspace(experts: string[], providers: string[]): Promise<string> {
  const user = await server.store.users.byEmail(ADMIN.email);
  const ws = await server.store.workspaces.create({
    worldId: WORLD,
    name: 'Hints',
    createdBy: user!.id,
  });
  for (const e of experts) await server.store.workspaces.addExpert(ws.id, e);
  for (const p of providers) await server.store.workspaces.addToolProvider(ws.id, p);
  return ws.id;
}

async function inWorkspace(
  s: TestServer,
  workspaceId: string,
  selected?: string[],
): Promise<TestSocket> {
  const sock = openSocket(s, admin);
  await sock.next('server.hello');
  await enterWorkspace(sock, workspaceId, selected);
  return sock;
}

/** The final assistant.message of a speaker, once it arrives. */
async function finalFrom(sock: TestSocket, name: string, ms = 15_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = sock.frames.find(
      (f) => f.typ === 'assistant.message' && f.content.name === name && f.content.final,
    );
    if (hit) return hit.content.content as string;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no final answer from ${name}`);
}

describe('an expert without its tool provider', () => {
  it('names the provider to add and links to Configure Workspace, never a guessed number', async () => {
    const id = await workspace(['ada-quant'], ['date_and_time']);
    const sock = await inWorkspace(server, id);
    sock.send({ typ: 'user.message', content: { text: 'what is 15% of 80' } });
    const answer = await finalFrom(sock, 'Ada Quant');
    expect(answer).toContain('**calculations** tool provider');
    expect(answer).toContain(configureLink(id));
    expect(answer).not.toMatch(/\*\*\s*12\b/);
    sock.ws.close();
  });

  it('the librarian without documents says so and links to Configure Workspace', async () => {
    const id = await workspace(['librarian'], ['calculations']);
    const sock = await inWorkspace(server, id);
    sock.send({ typ: 'user.message', content: { text: 'what does our travel policy say?' } });
    const answer = await finalFrom(sock, 'Librarian Lee');
    expect(answer).toContain('**documents** tool provider');
    expect(answer).toContain(configureLink(id));
    sock.ws.close();
  });

  it('with the provider selected, answers and says nothing about adding one', async () => {
    const id = await workspace(['ada-quant'], ['calculations']);
    const sock = await inWorkspace(server, id);
    sock.send({ typ: 'user.message', content: { text: 'what is 15% of 80' } });
    const answer = await finalFrom(sock, 'Ada Quant');
    expect(answer).toMatch(/\*\*12\b/);
    expect(answer).not.toContain('Configure Workspace');
    sock.ws.close();
  });

  it('on the language-model engine, is told which providers are missing and where they are added', async () => {
    const llm: FakeOpenAi = await startFakeOpenAi(() => ({
      kind: 'stream',
      chunks: textChunks('Please add the calculations tool provider.'),
    }));
    const withModel = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake' });
    try {
      const user = await withModel.store.users.byEmail(ADMIN.email);
      const ws = await withModel.store.workspaces.create({ worldId: WORLD, createdBy: user!.id });
      await withModel.store.workspaces.addExpert(ws.id, 'ada-quant');
      const client = new Client(withModel.url);
      await client.signIn();
      const sock = openSocket(withModel, client);
      await sock.next('server.hello');
      sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: ws.id } });
      sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: [] } });
      sock.send({ typ: 'user.message', content: { text: 'hello?' } });
      await finalFrom(sock, 'EMgen');
      sock.send({
        typ: 'scontext.set',
        content: { key: 'selected_experts', value: ['ada-quant'] },
      });
      sock.send({ typ: 'user.message', content: { text: 'what is 15% of 80' } });
      await finalFrom(sock, 'Ada Quant');
      const [system, ...turns] = llm.requests[0]!.body.messages as { content: string }[];
      expect(system!.content).toContain('"calculations" are not selected in this workspace');
      expect(system!.content).toContain(configureLink(ws.id));
      // The hint is the application's, not a turn of the conversation.
      expect(turns.map((t) => t.content).join('\n')).not.toContain('EMgen');
      sock.ws.close();
    } finally {
      await withModel.close();
      await llm.close();
    }
  });
});

describe('a message with no expert selected', () => {
  it('gets a hint on how to select experts, seen by every browser and kept in the transcript', async () => {
    const id = await workspace(['ada-quant', 'chrono'], ['calculations']);
    const sock = await inWorkspace(server, id, []);
    const other = await inWorkspace(server, id);
    sock.send({ typ: 'user.message', content: { text: 'what is 15% of 80' } });
    const hint = await finalFrom(sock, 'EMgen');
    expect(hint).toBe(
      'No expert is selected, so nobody will answer. Select one or more experts by clicking ' +
        'their names in the **Experts** list (a selected expert shows a check mark), ' +
        'then send your question again.',
    );
    expect(await finalFrom(other, 'EMgen')).toBe(hint);
    // Nobody was set to work.
    expect(sock.frames.filter((f) => f.typ === 'server.progress')).toEqual([]);
    const typs = sock.frames.map((f) => f.typ).filter((t) => /echo|assistant/.test(t));
    expect(typs).toEqual(['user.echo', 'assistant.message']);

    const reload = await inWorkspace(server, id);
    reload.send({ typ: 'display.messages', content: {} });
    await reload.next('display.message');
    await reload.next('display.message');
    const shown = reload.frames.filter((f) => f.typ === 'display.message').map((f) => f.content);
    expect(shown.map((m) => [m.role, m.name])).toEqual([
      ['user', 'Administrator'],
      ['assistant', 'EMgen'],
    ]);
    expect(shown[1].content).toBe(hint);
    for (const s of [sock, other, reload]) s.ws.close();
  });

  it('in a workspace with no experts, links to Configure Workspace to add some', async () => {
    const id = await workspace([], ['calculations']);
    const sock = await inWorkspace(server, id);
    sock.send({ typ: 'user.message', content: { text: 'hello?' } });
    expect(await finalFrom(sock, 'EMgen')).toBe(
      'This workspace has no experts yet, so nobody will answer. ' +
        `Add experts in ${configureLink(id)}, then send your question again.`,
    );
    sock.ws.close();
  });
});
