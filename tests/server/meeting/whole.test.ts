import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from './fakeOpenAi';

async function until(sock: TestSocket, pred: (f: any) => boolean, ms = 5000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = sock.frames.find(pred);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`frame not seen; got ${sock.frames.map((f) => f.typ).join(', ')}`);
}

async function meeting(server: TestServer, selected: string[]) {
  const client = new Client(server.url);
  await client.signIn();
  const sock = openSocket(server, client);
  await sock.next('server.hello');
  sock.send({
    typ: 'scontext.set',
    content: { key: 'workspace_id', value: 'innovation-lab-welcome' },
  });
  sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: selected } });
  return sock;
}

const finalFrom = (sock: TestSocket, name: string) =>
  until(sock, (f) => f.typ === 'assistant.message' && f.content.name === name && f.content.final);

describe('a whole meeting with the offline engine (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a calculation and a date question with tools, and reports a tool error', async () => {
    const sock = await meeting(server, ['ada-quant', 'chrono', 'scout']);
    sock.send({ typ: 'user.message', content: { text: 'What is 12.5% of 2,480?' } });
    const ada = await finalFrom(sock, 'Ada Quant');
    expect(ada.content.content).toContain('**310**');
    expect(ada.content.content).toMatch(/Source: calc_evaluate/);
    const chrono = await finalFrom(sock, 'Chrono');
    expect(chrono.content.content).not.toBe(ada.content.content);

    sock.frames.length = 0;
    sock.send({ typ: 'user.message', content: { text: 'What time is it in Tokyo?' } });
    const time = await finalFrom(sock, 'Chrono');
    expect(time.content.content).toMatch(/Asia\/Tokyo/);
    expect(
      sock.frames.some(
        (f) => f.typ === 'server.tool.start' && f.content.tool_name === 'datetime_now',
      ),
    ).toBe(true);

    sock.frames.length = 0;
    sock.send({
      typ: 'user.message',
      content: { text: 'Search the web for the latest EMgen news' },
    });
    const error = await until(sock, (f) => f.typ === 'server.tool.error');
    expect(error.content).toMatchObject({
      tool_name: 'search_web',
      error: 'Web search is not configured on this server',
    });
    const scout = await finalFrom(sock, 'Scout');
    expect(scout.content.content).toMatch(/not configured/);
    await until(
      sock,
      (f) =>
        f.typ === 'server.progress' &&
        f.content.cid.startsWith('scout') &&
        f.content.status === 'done',
    );
    sock.ws.close();
  });
});

describe('a language-model provider that fails', () => {
  let server: TestServer;
  let llm: FakeOpenAi;
  beforeAll(async () => {
    llm = await startFakeOpenAi((req) =>
      req.body.model === 'broken'
        ? { kind: 'error', status: 500, body: { error: { message: 'upstream exploded' } } }
        : { kind: 'stream', chunks: textChunks('Fine, thank you.') },
    );
    server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'good' });
    // Chrono uses a model the provider cannot serve.
    const chrono = (await server.store.experts.list()).find((e) => e.id === 'chrono')!;
    await server.store.experts.upsert({ ...chrono, model: 'broken' });
    server.registry.register(
      (await import('../../../server/apps/experts')).expertsApp(await server.store.experts.list()),
    );
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  it('ends that expert failed with a clear message while the others answer', async () => {
    const sock = await meeting(server, ['ada-quant', 'chrono']);
    sock.send({ typ: 'user.message', content: { text: 'How are you?' } });
    const failed = await until(
      sock,
      (f) => f.typ === 'server.progress' && f.content.status === 'failed',
    );
    expect(failed.content.cid).toMatch(/^chrono-/);
    expect(failed.content.error).toMatch(/^Language model error: 500/);
    expect(failed.content.error).toContain('upstream exploded');
    const chrono = await finalFrom(sock, 'Chrono');
    expect(chrono.content.content).toMatch(
      /^\*\*Chrono could not answer:\*\* Language model error: 500/,
    );
    const ada = await finalFrom(sock, 'Ada Quant');
    expect(ada.content.content).toBe('Fine, thank you.');
    expect(llm.requests.map((r) => r.body.model).sort()).toEqual(['broken', 'good']);
    sock.ws.close();
  });
});
