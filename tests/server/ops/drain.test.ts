import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON } from '../../../protocol';
import { STOPPED_BEFORE_ANSWER } from '../../../server/meeting/rounds';
import type { ExpertEngine } from '../../../server/meeting/types';
import { DRAINING_ERROR } from '../../../server/ops';
import { remoteApp } from '../appHelpers';
import { openAudioSocket } from '../dictation/helpers';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';

/**
 * The drain a SIGTERM starts (server/main.ts), on the real server in this
 * process: no new connections or requests, the round under way finishes (or
 * is stopped at the deadline, visibly), then sockets close with 1012.
 */

const WORKSPACE = 'innovation-lab-welcome';

/** Each question is answered once the test lets it go; an abort (timeout, stop) ends it. */
class HeldEngine implements ExpertEngine {
  readonly name = 'held';
  private readonly releases = new Map<string, () => void>();

  async answer(
    req: Parameters<ExpertEngine['answer']>[0],
    report: Parameters<ExpertEngine['answer']>[1],
  ) {
    report.answer('Thinking…', false);
    await new Promise<void>((resolve, reject) => {
      this.releases.set(req.question, resolve);
      req.signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
    report.answer(`Answer to: ${req.question}`, true);
  }

  holding(question: string): boolean {
    return this.releases.has(question);
  }

  release(question: string): void {
    this.releases.get(question)?.();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, find: () => T | undefined | false, ms = 10_000) {
  const start = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await sleep(20);
  }
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function meeting(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const engine = new HeldEngine();
  const server = await startTestServer(overrides, { engine });
  servers.push(server);
  const client = new Client(server.url);
  expect((await client.signIn()).status).toBe(200);
  const sock = openSocket(server, client);
  await sock.next('server.hello');
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
  sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: ['ada-quant'] } });
  return { server, engine, sock, client };
}

/** Asks, and resolves once the expert is at work on it. */
async function ask(sock: TestSocket, engine: HeldEngine, text: string) {
  sock.send({ typ: 'user.message', content: { text } });
  await until(`the expert at work on "${text}"`, () => engine.holding(text));
}

const finalAnswers = (sock: TestSocket) =>
  sock.frames
    .filter((f) => f.typ === 'assistant.message' && f.content.final === true)
    .map((f) => f.content.content);

async function storedMessages(server: TestServer): Promise<string[]> {
  return (await server.store.transcripts.messages(WORKSPACE)).map((m) => m.content ?? '');
}

describe('draining', () => {
  it('takes no new connections or requests, lets the round finish, then closes sockets with 1012', async () => {
    const { server, engine, sock } = await meeting();
    const question = 'What do we ship on Friday?';
    await ask(sock, engine, question);

    let drained = false;
    const draining = server.drain.run().then(() => (drained = true));

    // The port no longer takes connections.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    // A request on a connection still open is refused, and that connection closes.
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/console?worldId=innovation-lab',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 'error', error: DRAINING_ERROR });
    expect(refused.headers.connection).toBe('close');
    // So is a socket upgrade (the route's admission never runs).
    const upgrade = await server.app.inject({
      method: 'GET',
      url: '/api/ws/cog?worldId=innovation-lab',
    });
    expect(upgrade.statusCode).toBe(503);
    expect(upgrade.json()).toEqual({ status: 'error', error: DRAINING_ERROR });

    // The round under way holds the drain, and its socket stays open.
    await sleep(300);
    expect(drained).toBe(false);
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);

    engine.release(question);
    expect(await sock.closed).toEqual({
      code: CLOSE_SERVER_RESTARTING,
      reason: CLOSE_SERVER_RESTARTING_REASON,
    });
    await draining;
    // The answer went out before the close, and it is stored.
    expect(finalAnswers(sock)).toEqual([`Answer to: ${question}`]);
    expect(await storedMessages(server)).toContain(`Answer to: ${question}`);
  });

  it('at its deadline stops the rounds left: they fail visibly and are stored, then sockets close', async () => {
    const { server, engine, sock } = await meeting({ DRAIN_TIMEOUT_SECONDS: 1 });
    const question = 'Will this ever be answered?';
    await ask(sock, engine, question);

    const started = Date.now();
    await server.drain.run();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await sock.closed).toEqual({
      code: CLOSE_SERVER_RESTARTING,
      reason: CLOSE_SERVER_RESTARTING_REASON,
    });
    const failed = sock.frames.find(
      (f) => f.typ === 'server.progress' && f.content.status === 'failed',
    );
    expect(failed?.content.error).toBe(STOPPED_BEFORE_ANSWER);
    const bubble = `**Ada Quant could not answer:** ${STOPPED_BEFORE_ANSWER}`;
    expect(finalAnswers(sock)).toEqual([bubble]);
    expect(await storedMessages(server)).toEqual(expect.arrayContaining([question, bubble]));
  });

  it('counts every kind of socket, and tells each to reconnect', async () => {
    const { server, client, sock } = await meeting();
    const audio = openAudioSocket(server, client);
    await audio.opened;
    const app = await remoteApp(server, 'ops-probe', 'innovation-lab', [
      {
        module: 'rpc',
        name: 'ping',
        annotations: { callable: {} },
        handler: () => 'pong',
      },
    ]);
    const appClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      app.on('disconnected', resolve),
    );
    await app.connect();
    const open = async () =>
      (await server.metrics.registry.getSingleMetric('emgen_open_sockets')!.get()).values.map(
        (v) => [v.labels.kind, v.value],
      );
    expect(await open()).toEqual([
      ['cog', 1],
      ['audio', 1],
      ['app', 1],
    ]);

    await server.drain.run();
    const restarting = { code: CLOSE_SERVER_RESTARTING, reason: CLOSE_SERVER_RESTARTING_REASON };
    expect(await sock.closed).toEqual(restarting);
    expect(await audio.closed).toEqual(restarting);
    expect(await appClosed).toEqual(restarting);
    for (let i = 0; i < 100 && (await open()).some(([, n]) => n !== 0); i++) await sleep(20);
    expect(await open()).toEqual([
      ['cog', 0],
      ['audio', 0],
      ['app', 0],
    ]);
  });

  it('with no round under way, closes sockets at once', async () => {
    const { server, sock } = await meeting();
    const started = Date.now();
    await server.drain.run();
    expect((await sock.closed).code).toBe(CLOSE_SERVER_RESTARTING);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
