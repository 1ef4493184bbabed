import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A chat-completions request as the fake server received it. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/**
 * What the fake server does with one request:
 * - stream: writes each chunk as an SSE event (objects as JSON, strings raw),
 *   then `data: [DONE]` unless done is false; cut destroys the socket instead.
 * - error: a JSON (or text) error body with that status.
 * - hang: writes the chunks, then never ends.
 * A stream with `after` starts writing once that promise settles (a test holds the answer).
 */
export type FakeReply =
  | {
      kind: 'stream';
      chunks: (object | string)[];
      delayMs?: number;
      done?: boolean;
      cut?: boolean;
      after?: Promise<unknown>;
    }
  | { kind: 'error'; status: number; body: unknown }
  | { kind: 'hang'; chunks: (object | string)[] };

export type FakeHandler = (request: FakeRequest, index: number) => FakeReply;

export interface FakeOpenAi {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** One chat.completion.chunk with this delta. */
export function chunk(delta: object, finishReason: string | null = null): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** A streamed text answer: a role chunk, one chunk per word, then finish_reason stop. */
export function textChunks(text: string): object[] {
  const words = text.match(/\S+\s*/g) ?? [];
  return [
    chunk({ role: 'assistant', content: '' }),
    ...words.map((word) => chunk({ content: word })),
    chunk({}, 'stop'),
  ];
}

/** A streamed tool call whose arguments arrive in `pieces` fragments. */
export function toolCallChunks(
  calls: { id: string; name: string; args: string }[],
  pieces = 1,
): object[] {
  const out: object[] = [chunk({ role: 'assistant', content: null })];
  calls.forEach((call, index) => {
    out.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    const size = Math.ceil(call.args.length / pieces) || 1;
    for (let at = 0; at < call.args.length; at += size) {
      out.push(
        chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(at, at + size) } }] }),
      );
    }
  });
  out.push(chunk({}, 'tool_calls'));
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function writeEvent(res: ServerResponse, item: object | string): void {
  res.write(typeof item === 'string' ? item : `data: ${JSON.stringify(item)}\n\n`);
}

async function reply(res: ServerResponse, answer: FakeReply): Promise<void> {
  if (answer.kind === 'error') {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (answer.kind === 'stream' && answer.after) await answer.after.catch(() => undefined);
  for (const item of answer.chunks) {
    if (res.destroyed) return;
    writeEvent(res, item);
    if (answer.kind === 'stream' && answer.delayMs) await sleep(answer.delayMs);
  }
  if (answer.kind === 'hang') return;
  if (answer.cut) {
    // Let the written chunks leave before the connection drops.
    await sleep(20);
    res.socket?.destroy();
    return;
  }
  if (answer.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

/** An OpenAI-compatible chat-completions server on 127.0.0.1, scripted by handler. */
export async function startFakeOpenAi(handler: FakeHandler): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (piece: string) => (raw += piece));
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(request);
      if (request.path !== '/v1/chat/completions' || request.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${request.path}` } }));
        return;
      }
      void reply(res, handler(request, requests.length - 1));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
