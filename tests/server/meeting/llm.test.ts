import { afterEach, describe, expect, it } from 'vitest';
import { createLlmEngine, LlmError } from '../../../server/meeting/llm';
import {
  ToolError,
  type AnswerRequest,
  type ExpertProfile,
  type ExpertReporter,
  type Tool,
} from '../../../server/meeting/types';
import {
  chunk,
  startFakeOpenAi,
  textChunks,
  toolCallChunks,
  type FakeHandler,
  type FakeReply,
  type FakeOpenAi,
} from './fakeOpenAi';

const ada: ExpertProfile = {
  id: 'e-ada',
  name: 'Ada',
  keywords: ['finance', 'accounting'],
  description: 'A precise accountant who shows her working.',
};
const bob: ExpertProfile = { id: 'e-bob', name: 'Bob', keywords: ['history'], description: '' };

/** A reporter that records everything and runs tools like the meeting runner would. */
function recorder(tools: Tool[]) {
  const answers: { content: string; final: boolean }[] = [];
  const progress: { status: string; error?: string }[] = [];
  const toolCalls: { name: string; args: Record<string, unknown> }[] = [];
  const traces: { key: string; entry: unknown }[] = [];
  const report: ExpertReporter = {
    progress: (status, error) => progress.push({ status, error }),
    async useTool(name, args) {
      toolCalls.push({ name, args });
      return tools
        .find((t) => t.name === name)!
        .run(args, {
          worldId: 'w',
          workspaceId: 'ws',
          now: new Date(),
          signal: new AbortController().signal,
        });
    },
    trace: (key, entry) => traces.push({ key, entry }),
    researchBox: () => undefined,
    answer: (content, final) => answers.push({ content, final }),
  };
  return { report, answers, progress, toolCalls, traces };
}

const calc: Tool = {
  name: 'calc_evaluate',
  provider: 'calc',
  description: 'Evaluates a math expression exactly.',
  parameters: {
    type: 'object',
    properties: { expression: { type: 'string' } },
    required: ['expression'],
  },
  run: async () => ({ output: '310' }),
};

function request(overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return {
    expert: ada,
    panel: [ada, bob],
    question: 'What is 12.5% of 2,480?',
    history: [],
    tools: [],
    now: new Date('2025-06-01T12:00:00Z'),
    signal: new AbortController().signal,
    ...overrides,
  };
}

let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function serve(
  handler: FakeHandler,
  extra: { apiKey?: string; maxToolRounds?: number } = {},
) {
  fake = await startFakeOpenAi(handler);
  return {
    fake,
    engine: createLlmEngine({ baseUrl: fake.baseUrl, model: 'default-model', ...extra }),
  };
}

const LONG = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

describe('createLlmEngine', () => {
  it('streams a plain answer: growing partial text, then the final text', async () => {
    const { fake, engine } = await serve(() => ({ kind: 'stream', chunks: textChunks(LONG) }));
    const rec = recorder([]);
    await engine.answer(request(), rec.report);

    expect(engine.name).toBe('llm');
    const partial = rec.answers.filter((a) => !a.final);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < partial.length; i++) {
      expect(partial[i]!.content.startsWith(partial[i - 1]!.content)).toBe(true);
      expect(partial[i]!.content.length).toBeGreaterThan(partial[i - 1]!.content.length);
    }
    expect(rec.answers.at(-1)).toEqual({ content: LONG, final: true });
    expect(rec.answers.filter((a) => a.final)).toHaveLength(1);

    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: 'default-model', stream: true });
    expect(sent.body.tools).toBeUndefined();
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'What is 12.5% of 2,480?' });
    const system = sent.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are Ada');
    expect(system.content).toContain('finance, accounting');
    expect(system.content).toContain('A precise accountant');
    expect(system.content).toMatch(/nothing useful to add/);
    expect(system.content).toMatch(/fenced code blocks with a language/);
    expect(system.content).toContain('Bob');
    expect(rec.traces).toEqual([
      { key: 'Language model', entry: { value: { model: 'default-model', toolRounds: 0 } } },
    ]);
  });

  it('runs a tool call round trip and streams the final answer', async () => {
    const { fake, engine } = await serve((_req, index) =>
      index === 0
        ? {
            kind: 'stream',
            chunks: toolCallChunks([
              { id: 'call_abc', name: 'calc_evaluate', args: '{"expression":"12.5% of 2480"}' },
            ]),
          }
        : { kind: 'stream', chunks: textChunks('12.5% of 2,480 is **310** (calc_evaluate).') },
    );
    const rec = recorder([calc]);
    await engine.answer(request({ tools: [calc] }), rec.report);

    expect(rec.toolCalls).toEqual([
      { name: 'calc_evaluate', args: { expression: '12.5% of 2480' } },
    ]);
    expect(fake.requests).toHaveLength(2);
    const first = fake.requests[0]!.body;
    expect(first.tool_choice).toBe('auto');
    expect(first.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'calc_evaluate',
          description: calc.description,
          parameters: calc.parameters,
        },
      },
    ]);
    const second = fake.requests[1]!.body.messages;
    expect(second.at(-2)).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [
        {
          id: 'call_abc',
          type: 'function',
          function: { name: 'calc_evaluate', arguments: '{"expression":"12.5% of 2480"}' },
        },
      ],
    });
    expect(second.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_abc', content: '310' });
    expect(rec.answers.at(-1)).toEqual({
      content: '12.5% of 2,480 is **310** (calc_evaluate).',
      final: true,
    });
    expect(rec.progress).toEqual([]);
  });

  it('assembles tool call arguments split across many chunks, for several calls', async () => {
    const { fake, engine } = await serve((_req, index) =>
      index === 0
        ? {
            kind: 'stream',
            chunks: toolCallChunks(
              [
                { id: 'call_1', name: 'calc_evaluate', args: '{"expression":"12.5% of 2480"}' },
                { id: 'call_2', name: 'calc_evaluate', args: '{"expression":"2 + 2"}' },
              ],
              7,
            ),
          }
        : { kind: 'stream', chunks: textChunks('Done.') },
    );
    const rec = recorder([calc]);
    await engine.answer(request({ tools: [calc] }), rec.report);
    expect(rec.toolCalls).toEqual([
      { name: 'calc_evaluate', args: { expression: '12.5% of 2480' } },
      { name: 'calc_evaluate', args: { expression: '2 + 2' } },
    ]);
    const tools = fake.requests[1]!.body.messages.filter((m: any) => m.role === 'tool');
    expect(tools.map((m: any) => m.tool_call_id)).toEqual(['call_1', 'call_2']);
  });

  it('feeds tool errors, unknown tools and bad arguments back to the model', async () => {
    const broken: Tool = {
      ...calc,
      name: 'web_search',
      run: async () => {
        throw new ToolError('Web search is not configured on this server');
      },
    };
    const { fake, engine } = await serve((_req, index) =>
      index === 0
        ? {
            kind: 'stream',
            chunks: toolCallChunks([
              { id: 'c1', name: 'web_search', args: '{"query":"x"}' },
              { id: 'c2', name: 'nope_tool', args: '{}' },
              { id: 'c3', name: 'calc_evaluate', args: '{"expression":' },
            ]),
          }
        : { kind: 'stream', chunks: textChunks('I could not search the web.') },
    );
    const rec = recorder([calc, broken]);
    await engine.answer(request({ tools: [calc, broken] }), rec.report);

    const tools = fake.requests[1]!.body.messages.filter((m: any) => m.role === 'tool');
    expect(tools[0]).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: 'Error: Web search is not configured on this server',
    });
    expect(tools[1].content).toMatch(/^Error: there is no tool named "nope_tool"/);
    expect(tools[2].content).toMatch(
      /^Error: could not call calc_evaluate: the arguments are not valid JSON/,
    );
    expect(rec.toolCalls.map((c) => c.name)).toEqual(['web_search']);
    expect(rec.progress).toEqual([
      { status: 'working-with-errors', error: 'Web search is not configured on this server' },
    ]);
    expect(rec.answers.at(-1)?.content).toBe('I could not search the web.');
  });

  it("uses the expert's own model and system prompt, and the api key", async () => {
    const { fake, engine } = await serve(() => ({ kind: 'stream', chunks: textChunks('Hi.') }), {
      apiKey: 'sk-test',
    });
    const custom = {
      ...bob,
      model: 'llama3.1:8b',
      systemPrompt: 'You are a terse pirate historian.',
    };
    await engine.answer(request({ expert: custom }), recorder([]).report);
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('llama3.1:8b');
    expect(sent.body.messages[0].content.startsWith('You are a terse pirate historian.')).toBe(
      true,
    );
    expect(sent.body.messages[0].content).not.toContain('history.');
  });

  it('includes the conversation so far, saying who said what', async () => {
    const { fake, engine } = await serve(() => ({ kind: 'stream', chunks: textChunks('Sure.') }));
    const history = [
      { role: 'user' as const, name: 'Alice', content: 'How big is the budget?' },
      { role: 'assistant' as const, name: 'Ada', expertId: 'e-ada', content: 'It is 2,480.' },
      {
        role: 'assistant' as const,
        name: 'Bob',
        expertId: 'e-bob',
        content: 'Rome was not built in a day.',
      },
      { role: 'user' as const, name: 'Alice', content: 'What is 12.5% of 2,480?' },
    ];
    await engine.answer(request({ history }), recorder([]).report);
    const messages = fake.requests[0]!.body.messages;
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: '[Alice]: How big is the budget?' },
      { role: 'assistant', content: 'It is 2,480.' },
      {
        role: 'user',
        content: '[Bob (expert)]: Rome was not built in a day.\n\n[Alice]: What is 12.5% of 2,480?',
      },
    ]);
    expect(messages[0].content).toContain('[Name (expert)]');
  });

  it('rejects with the provider message on a 401', async () => {
    const { engine } = await serve(() => ({
      kind: 'error',
      status: 401,
      body: { error: { message: 'invalid api key', type: 'invalid_request_error' } },
    }));
    const rec = recorder([]);
    const run = engine.answer(request(), rec.report);
    await expect(run).rejects.toThrow('Language model error: 401 Unauthorized — invalid api key');
    await expect(run).rejects.toBeInstanceOf(LlmError);
    expect(rec.answers).toEqual([]);
  });

  it('rejects when the server cannot be reached', async () => {
    const { fake, engine } = await serve(() => ({ kind: 'stream', chunks: [] }));
    await fake.close();
    await expect(engine.answer(request(), recorder([]).report)).rejects.toThrow(
      /^Language model error: cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(.*ECONNREFUSED/,
    );
  });

  const broken: [string, FakeReply, string | RegExp][] = [
    [
      "Ollama's error shape",
      { kind: 'error', status: 404, body: { error: 'model "nope" not found' } },
      'Language model error: 404 Not Found — model "nope" not found',
    ],
    [
      'a stream cut off mid-way',
      { kind: 'stream', chunks: textChunks(LONG).slice(0, 5), cut: true },
      /^Language model error: the connection failed while the answer was streaming/,
    ],
    [
      'an empty answer',
      { kind: 'stream', chunks: textChunks('') },
      'Language model error: the model (default-model) returned an empty answer',
    ],
    [
      'a stream that ends without finishing',
      { kind: 'stream', chunks: textChunks(LONG).slice(0, 5), done: false },
      'Language model error: the response stream ended before the answer was complete',
    ],
    [
      'malformed JSON in the stream',
      { kind: 'stream', chunks: [chunk({ content: 'Hel' }), 'data: {"choices":[{"delta":\n\n'] },
      /^Language model error: malformed data in the response stream/,
    ],
    [
      'an error event inside the stream',
      { kind: 'stream', chunks: [{ error: { message: 'model overloaded' } }] },
      'Language model error: model overloaded',
    ],
  ];
  it.each(broken)('rejects %s', async (_name, reply, message) => {
    const { engine } = await serve(() => reply);
    await expect(engine.answer(request(), recorder([]).report)).rejects.toThrow(message);
  });

  it('stops promptly when the signal aborts mid-stream', async () => {
    const { engine } = await serve(() => ({
      kind: 'hang',
      chunks: [chunk({ content: 'Thinking' })],
    }));
    const controller = new AbortController();
    const rec = recorder([]);
    rec.report.answer = (content, final) => {
      rec.answers.push({ content, final });
      setTimeout(() => controller.abort(), 10);
    };
    const started = Date.now();
    await expect(engine.answer(request({ signal: controller.signal }), rec.report)).rejects.toThrow(
      'Language model error: request aborted',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(rec.answers).toEqual([{ content: 'Thinking', final: false }]);
  });

  it('respects maxToolRounds, then asks for an answer without tools', async () => {
    let n = 0;
    const { fake, engine } = await serve(
      (req) =>
        req.body.tools
          ? {
              kind: 'stream',
              chunks: toolCallChunks([
                { id: `call_${n++}`, name: 'calc_evaluate', args: '{"expression":"1+1"}' },
              ]),
            }
          : { kind: 'stream', chunks: textChunks('Enough tools: the answer is 2.') },
      { maxToolRounds: 3 },
    );
    const rec = recorder([calc]);
    await engine.answer(request({ tools: [calc] }), rec.report);
    expect(rec.toolCalls).toHaveLength(3);
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests[3]!.body.tools).toBeUndefined();
    expect(rec.answers.at(-1)).toEqual({ content: 'Enough tools: the answer is 2.', final: true });
  });

  it('rejects when the model keeps asking for tools and never answers', async () => {
    const { fake, engine } = await serve(() => ({
      kind: 'stream',
      chunks: toolCallChunks([{ id: 'c', name: 'calc_evaluate', args: '{"expression":"1+1"}' }]),
    }));
    const rec = recorder([calc]);
    await expect(engine.answer(request({ tools: [calc] }), rec.report)).rejects.toThrow(
      'Language model error: the model (default-model) gave no answer after 5 tool rounds',
    );
    expect(rec.toolCalls).toHaveLength(5);
    expect(fake.requests).toHaveLength(6);
  });

  it('accepts a provider that ignores stream: true and sends one JSON completion', async () => {
    const engine = createLlmEngine({
      baseUrl: 'http://llm.invalid/v1/',
      model: 'm',
      fetch: async () =>
        new Response(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: 'Plain.' }, finish_reason: 'stop' }],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    });
    const rec = recorder([]);
    await engine.answer(request(), rec.report);
    expect(rec.answers.at(-1)).toEqual({ content: 'Plain.', final: true });
  });
});
