import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON } from '../../../protocol';
import { loadConfig } from '../../../server/config';
import { openConfiguredStore, openStore, type Store } from '../../../server/store';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { createDatabase } from '../../support/postgres';
import { Client, onPostgres, openSocket, type TestServer, type TestSocket } from '../harness';
import {
  startFakeOpenAi,
  textChunks,
  type FakeOpenAi,
  type FakeReply,
} from '../meeting/fakeOpenAi';

/**
 * EMgen as its own process (as npm start runs it), answering through a
 * language model the test holds: SIGTERM during a round lets it finish and
 * store, tells the socket to reconnect and exits 0; a second signal exits at
 * once; the metrics port counts what happened, and the public port does not
 * serve it.
 */

const WORKSPACE = 'innovation-lab-welcome';
const EXPERT = 'ada-quant';
const DRAIN_TIMEOUT_SECONDS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The question of a chat-completions request: the last user turn, without its "[name]: ". */
function questionOf(body: any): string {
  const users = (body.messages as { role: string; content: unknown }[]).filter(
    (m) => m.role === 'user',
  );
  const content = users.at(-1)?.content;
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return text
    .split('\n\n')
    .at(-1)!
    .replace(/^\[[^\]]*\]: /, '');
}

/** Answers at once; a question with FAIL gets a 500; one with a held word waits for release. */
class ScriptedModel {
  private readonly gates = new Map<string, { open: Promise<void>; release: () => void }>();

  hold(word: string): void {
    let release!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    this.gates.set(word, { open, release });
  }

  release(word: string): void {
    this.gates.get(word)?.release();
  }

  reply(question: string): FakeReply {
    if (question.includes('FAIL')) {
      return { kind: 'error', status: 500, body: { error: { message: 'upstream exploded' } } };
    }
    const gate = [...this.gates].find(([word]) => question.includes(word))?.[1];
    return { kind: 'stream', chunks: textChunks(`Answer to: ${question}`), after: gate?.open };
  }
}

async function until<T>(what: string, find: () => T | undefined | false, ms = 20_000) {
  const start = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await sleep(25);
  }
}

/** Resolves with what `read` gave once `done` holds for it. */
async function untilRead<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean) {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > 20_000) throw new Error(`${what}: not seen within 20 s`);
    await sleep(50);
  }
}

/** On the PostgreSQL run, the process gets a database of its own on the shared cluster. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!onPostgres) return {};
  const postgres = inject('postgres');
  if ('skipped' in postgres) throw new Error(postgres.skipped);
  return { DATABASE_URL: await createDatabase(postgres.url) };
}

/** The store the process wrote, opened by the test once the process is gone. */
function storeOf(proc: ServerProcess, env: Record<string, string>): Promise<Store> {
  const opts = { sessionTtlMs: 3600_000 };
  if (!env.DATABASE_URL) return Promise.resolve(openStore(proc.dataDir, opts));
  return openConfiguredStore(
    loadConfig({ DATA_DIR: proc.dataDir, DATABASE_URL: env.DATABASE_URL }),
    opts,
  );
}

function exited(proc: ServerProcess): Promise<number | null> {
  if (proc.child.exitCode !== null) return Promise.resolve(proc.child.exitCode);
  return new Promise((resolve) => proc.child.once('exit', (code) => resolve(code)));
}

async function meeting(proc: ServerProcess): Promise<TestSocket> {
  const client = new Client(proc.url);
  expect((await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
  const sock = openSocket({ wsUrl: proc.url.replace('http://', 'ws://') } as TestServer, client);
  await sock.next('server.hello', 10_000);
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
  sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: [EXPERT] } });
  return sock;
}

/** The final answer frame of the expert's answer to `text` (the question's own echo aside). */
function finalAnswer(sock: TestSocket, text: string) {
  return sock.frames.find(
    (f) =>
      f.typ === 'assistant.message' &&
      f.content.final === true &&
      String(f.content.content).includes(text),
  );
}

/** One sample's value from the Prometheus text format. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('EMgen stopping as a process', () => {
  let model: ScriptedModel;
  let llm: FakeOpenAi;
  const started: { proc: ServerProcess; env: Record<string, string> }[] = [];

  async function start(): Promise<{ proc: ServerProcess; env: Record<string, string> }> {
    const env = {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake',
      METRICS_PORT: '0',
      DRAIN_TIMEOUT_SECONDS: String(DRAIN_TIMEOUT_SECONDS),
      ...(await databaseEnv()),
    };
    const proc = await startServerProcess(env);
    started.push({ proc, env });
    return { proc, env };
  }

  beforeAll(async () => {
    model = new ScriptedModel();
    llm = await startFakeOpenAi((req) => model.reply(questionOf(req.body)));
  });

  afterAll(async () => {
    for (const { proc } of started) {
      if (proc.child.exitCode === null && proc.child.signalCode === null) {
        proc.child.kill('SIGKILL');
        await exited(proc);
      }
      fs.rmSync(proc.dataDir, { recursive: true, force: true });
    }
    await llm?.close();
  });

  it('serves metrics on their own port only, counting rounds, answer times and sockets', async () => {
    const { proc } = await start();
    const [, metricsUrl] = await until('the metrics URL', () =>
      /Prometheus metrics at (http:\/\/\S+)/.exec(proc.output()),
    );
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const sock = await meeting(proc);

    const answered = 'What is 2 + 2?';
    sock.send({ typ: 'user.message', content: { text: answered } });
    await until('the answer', () => finalAnswer(sock, answered));
    const failing = 'FAIL this one, please';
    sock.send({ typ: 'user.message', content: { text: failing } });
    await until('the failed progress', () =>
      sock.frames.find((f) => f.typ === 'server.progress' && f.content.status === 'failed'),
    );
    await until('the failed bubble', () =>
      sock.frames.find(
        (f) =>
          f.typ === 'assistant.message' &&
          f.content.final === true &&
          String(f.content.content).includes('could not answer'),
      ),
    );

    const scrape = async () => {
      const res = await fetch(metricsUrl!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    // A round is counted once every expert is done, which its last bubble precedes.
    let text = await untilRead(
      'the failed round counted',
      scrape,
      (t) => sample(t, 'emgen_meeting_rounds_failed_total') === 1,
    );
    expect(sample(text, 'emgen_meeting_rounds_started_total')).toBe(2);
    expect(sample(text, 'emgen_meeting_rounds_finished_total')).toBe(1);
    expect(sample(text, 'emgen_meeting_rounds_failed_total')).toBe(1);
    expect(sample(text, 'emgen_expert_answer_seconds_count{outcome="answered"}')).toBe(1);
    expect(sample(text, 'emgen_expert_answer_seconds_count{outcome="failed"}')).toBe(1);
    const answerSeconds = sample(text, 'emgen_expert_answer_seconds_sum{outcome="answered"}')!;
    expect(answerSeconds).toBeGreaterThan(0);
    expect(answerSeconds).toBeLessThan(20);
    // Every bucket at or above the whole time holds the one answer.
    expect(sample(text, 'emgen_expert_answer_seconds_bucket{le="120",outcome="answered"}')).toBe(1);
    expect(sample(text, 'emgen_open_sockets{kind="cog"}')).toBe(1);
    expect(sample(text, 'emgen_open_sockets{kind="audio"}')).toBe(0);
    expect(sample(text, 'emgen_open_sockets{kind="app"}')).toBe(0);
    expect(sample(text, 'emgen_indexing_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);

    sock.ws.close();
    text = await untilRead(
      'the closed socket no longer counted',
      scrape,
      (t) => sample(t, 'emgen_open_sockets{kind="cog"}') === 0,
    );
    expect(sample(text, 'emgen_meeting_rounds_started_total')).toBe(2);

    // The public port knows no /metrics (the app's page, at most) and never shows them.
    const onMain = await fetch(`${proc.url}/metrics`);
    expect(await onMain.text()).not.toContain('emgen_meeting_rounds_started_total');
  }, 60_000);

  it('on SIGTERM lets the round under way finish and store, tells the socket to reconnect, exits 0', async () => {
    const { proc, env } = await start();
    const sock = await meeting(proc);
    const question = 'HOLD-DRAIN what is left to ship?';
    model.hold('HOLD-DRAIN');
    sock.send({ typ: 'user.message', content: { text: question } });
    await until('the expert asking the model', () =>
      llm.requests.some((r) => questionOf(r.body).includes('HOLD-DRAIN')),
    );

    const signalled = Date.now();
    const code = exited(proc);
    proc.child.kill('SIGTERM');
    // Draining: the port takes no new connection, the round's socket stays open.
    await untilRead(
      'the port closed',
      () =>
        fetch(`${proc.url}/api/ready`).then(
          () => 'answered',
          () => 'refused',
        ),
      (outcome) => outcome === 'refused',
    );
    expect(proc.child.exitCode).toBeNull();
    expect(sock.ws.readyState).toBe(sock.ws.OPEN);

    model.release('HOLD-DRAIN');
    expect(await sock.closed).toEqual({
      code: CLOSE_SERVER_RESTARTING,
      reason: CLOSE_SERVER_RESTARTING_REASON,
    });
    expect(finalAnswer(sock, question)?.content.content).toBe(`Answer to: ${question}`);
    expect(await code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_TIMEOUT_SECONDS * 1000);
    expect(proc.output()).toContain('SIGTERM received, shutting down');

    const store = await storeOf(proc, env);
    try {
      const stored = (await store.transcripts.messages(WORKSPACE)).map((m) => m.content);
      expect(stored).toEqual(expect.arrayContaining([question, `Answer to: ${question}`]));
    } finally {
      await store.close();
    }
  }, 60_000);

  it('a second signal stops it at once, round or not', async () => {
    const { proc } = await start();
    const sock = await meeting(proc);
    model.hold('HOLD-FOREVER');
    sock.send({ typ: 'user.message', content: { text: 'HOLD-FOREVER never answered' } });
    await until('the expert asking the model', () =>
      llm.requests.some((r) => questionOf(r.body).includes('HOLD-FOREVER')),
    );
    const code = exited(proc);
    proc.child.kill('SIGTERM');
    await until('the drain begun', () => proc.output().includes('SIGTERM received'));
    const second = Date.now();
    proc.child.kill('SIGINT');
    expect(await code).toBe(1);
    // At once: not after the drain's 20 s.
    expect(Date.now() - second).toBeLessThan(5_000);
    expect(proc.output()).toContain('SIGINT received: stopping at once.');
  }, 60_000);
});
