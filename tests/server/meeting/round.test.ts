import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError, type ExpertEngine, type Tool } from '../../../server/meeting/types';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';

/**
 * A scripted engine: what each expert does is decided by its id, so the
 * runner (frames, persistence, failures, timeouts) is what is tested here.
 */
const engine: ExpertEngine = {
  name: 'scripted',
  async answer(req, report) {
    switch (req.expert.id) {
      case 'ada-quant': {
        const r = await report.useTool('calc_evaluate', { expression: req.question });
        report.answer('The answer', false);
        report.answer(`The answer is **${r.output}**.`, true);
        return;
      }
      case 'scout': {
        try {
          await report.useTool('search_web', { query: req.question });
        } catch (e) {
          report.progress('working-with-errors', (e as Error).message);
          report.answer(`I could not search: ${(e as Error).message}`, true);
        }
        return;
      }
      case 'chrono':
        throw new Error('Language model error: 500 upstream exploded');
      case 'devon':
        await new Promise((_, reject) =>
          req.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
        return;
      default:
        report.researchBox({
          title: 'Notes',
          content: `Seen: ${req.history.length} earlier turns`,
        });
        report.answer('Nothing to add.', true);
    }
  },
};

const tools: Tool[] = [
  {
    name: 'calc_evaluate',
    provider: 'calculations',
    description: 'calc',
    parameters: {},
    run: async () => ({ output: '310', value: 310 }),
  },
  {
    name: 'search_web',
    provider: 'web_search',
    description: 'web',
    parameters: {},
    run: async () => {
      throw new ToolError('Web search is not configured on this server');
    },
  },
];

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({}, { engine, tools, expertTimeoutMs: 300 });
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(() => server.close());

async function inWorkspace(
  workspaceId = 'innovation-lab-welcome',
  selected?: string[],
): Promise<TestSocket> {
  const sock = openSocket(server, admin);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  if (selected)
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: selected } });
  return sock;
}

const until = async (sock: TestSocket, pred: (f: any) => boolean, ms = 3000) => {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = sock.frames.find(pred);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('frame not seen');
};

describe('a meeting round', () => {
  it('echoes, runs each selected expert with tools, traces and progress, and persists', async () => {
    const sock = await inWorkspace(undefined, ['ada-quant', 'scout', 'librarian']);
    sock.send({ typ: 'user.message', content: { text: '  12.5% of 2,480?  ' } });
    const echo = await sock.next('user.echo');
    expect(echo.content).toMatchObject({
      role: 'user',
      name: 'Administrator',
      content: '12.5% of 2,480?',
    });

    const adaDone = await until(
      sock,
      (f) =>
        f.typ === 'server.progress' &&
        f.content.cid.startsWith('ada-quant') &&
        f.content.status === 'done',
    );
    const ada = sock.frames.filter(
      (f) => JSON.stringify(f).includes('Ada Quant') || f.content?.cid === adaDone.content.cid,
    );
    const adaTyps = ada.map((f) => `${f.typ}${f.content.status ? `:${f.content.status}` : ''}`);
    expect(adaTyps).toEqual([
      'server.progress:working-ok',
      'server.tool.start',
      'server.tool.complete',
      'server.trace',
      'assistant.message',
      'assistant.message',
      'server.progress:completed',
      'server.progress:done',
    ]);
    const answers = ada.filter((f) => f.typ === 'assistant.message');
    expect(answers[0].content.message_id).toBe(answers[1].content.message_id);
    expect(answers.map((a) => a.content.final)).toEqual([false, true]);
    expect(answers[1].content.content).toBe('The answer is **310**.');
    expect(ada.find((f) => f.typ === 'server.trace').content).toMatchObject({
      key: 'Ada Quant · calc_evaluate',
      value: { input: { expression: '12.5% of 2,480?' }, output: '310' },
    });

    const toolError = await until(sock, (f) => f.typ === 'server.tool.error');
    expect(toolError.content).toMatchObject({
      tool_name: 'search_web',
      error: 'Web search is not configured on this server',
    });
    await until(
      sock,
      (f) => f.typ === 'server.progress' && f.content.status === 'working-with-errors',
    );
    await until(sock, (f) => f.typ === 'display.researchbox' && f.content.title === 'Notes');

    // Only the selected experts answered.
    const answered = new Set(
      sock.frames.filter((f) => f.typ === 'assistant.message').map((f) => f.content.name),
    );
    expect([...answered].sort()).toEqual(['Ada Quant', 'Librarian Lee', 'Scout']);
    expect(
      (await server.store.console.list('innovation-lab')).some((m) => m.from === 'tool.error'),
    ).toBe(true);
    sock.ws.close();
  });

  it('replays the history, research boxes and traces on display.messages', async () => {
    const sock = await inWorkspace();
    sock.send({ typ: 'display.messages', content: {} });
    await until(sock, (f) => f.typ === 'server.trace');
    const messages = sock.frames
      .filter((f) => f.typ === 'display.message')
      .map((f) => [f.content.role, f.content.name]);
    expect(messages[0]).toEqual(['user', 'Administrator']);
    expect(messages).toContainEqual(['assistant', 'Ada Quant']);
    expect(sock.frames.some((f) => f.typ === 'display.researchbox')).toBe(true);
    sock.ws.close();
  });

  it('a failing expert and a timed-out one end failed with a visible message; the others still answer', async () => {
    const sock = await inWorkspace(undefined, ['chrono', 'devon', 'librarian']);
    sock.send({ typ: 'user.message', content: { text: 'When is the deadline?' } });
    const failed = await until(
      sock,
      (f) =>
        f.typ === 'server.progress' &&
        f.content.status === 'failed' &&
        f.content.cid.startsWith('chrono'),
    );
    expect(failed.content.error).toBe('Language model error: 500 upstream exploded');
    const timeout = await until(
      sock,
      (f) =>
        f.typ === 'server.progress' &&
        f.content.status === 'failed' &&
        f.content.cid.startsWith('devon'),
    );
    expect(timeout.content.error).toBe('No answer within 0 s');
    const msg = await until(
      sock,
      (f) => f.typ === 'assistant.message' && f.content.name === 'Chrono',
    );
    expect(msg.content.content).toBe(
      '**Chrono could not answer:** Language model error: 500 upstream exploded',
    );
    await until(sock, (f) => f.typ === 'assistant.message' && f.content.name === 'Librarian Lee');
    expect(
      (await server.store.console.list('innovation-lab')).some((m) => m.from === 'expert.error'),
    ).toBe(true);
    sock.ws.close();
  });

  it('lists the workspace experts, and all experts with the workspace choice for management', async () => {
    const sock = await inWorkspace();
    sock.send({ typ: 'display.experts', content: {} });
    sock.send({ typ: 'workspace.expert.details', content: {}, requestid: 'r1' });
    const details = await sock.next('workspace.expert.details.response');
    expect(details.request_id).toBe('r1');
    expect(details.content.workspaceName).toBe('Welcome meeting');
    expect(details.content.experts.every((e: any) => e.selected === true)).toBe(true);
    const experts = sock.frames.filter((f) => f.typ === 'display.expert');
    expect(experts.map((f) => f.content.name)).toContain('Ada Quant');
    expect(experts[0].content).toMatchObject({
      selected: true,
      home_link: expect.stringMatching(/^\/a\/experts\/p\//),
    });
    sock.ws.close();
  });
});

describe('bad input', () => {
  it.each([
    ['an empty message', { text: '   ' }, 'An empty message is not sent'],
    ['a message over 64 KiB', { text: 'x'.repeat(64 * 1024 + 1) }, /^Invalid user\.message: text/],
  ])('%s gets an error, not a crash', async (_what, content, error) => {
    const sock = await inWorkspace();
    sock.send({ typ: 'user.message', content });
    const err = await sock.next('server.error');
    expect(err.content.error).toMatch(error);
    expect(sock.frames.some((f) => f.typ === 'user.echo')).toBe(false);
    sock.ws.close();
  });

  it('refuses without a workspace, and a workspace of another world', async () => {
    const none = openSocket(server, admin);
    await none.next('server.hello');
    none.send({ typ: 'user.message', content: { text: 'hello' } });
    expect((await none.next('server.error')).content.error).toBe('No workspace selected');
    none.ws.close();

    const other = await inWorkspace('acme_research-welcome');
    other.send({ typ: 'user.message', content: { text: 'hello' } });
    expect((await other.next('server.error')).content.error).toBe('This workspace does not exist');
    other.ws.close();
  });
});
