import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hostKey } from '../../../server/cog/host';
import { STOPPED_BEFORE_ANSWER } from '../../../server/meeting/rounds';
import { startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import {
  ADMIN,
  Client,
  openSocket,
  openTestStore,
  startTestServer,
  storeLocation,
  type TestServer,
  type TestSocket,
} from '../harness';
import { startFakeOpenAi, textChunks, type FakeOpenAi } from './fakeOpenAi';

/**
 * An instance that dies mid-answer (kill -9) leaves a round that can never
 * finish: another instance on the same store ends each answer it left failed,
 * stored and shown, within a bounded time, once across the cluster; an answer
 * that was stored after all is left as it is.
 */

const WORKSPACE = 'innovation-lab-welcome';
const WORLD = 'innovation-lab';
const FAILED = `**Ada Quant could not answer:** ${STOPPED_BEFORE_ANSWER}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, find: () => T | undefined | false, ms = 30_000) {
  const start = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await sleep(25);
  }
}

const servers: TestServer[] = [];
const dirs: string[] = [];
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.close();
  for (const s of servers.splice(0)) await s.close();
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-orphans-'));
  dirs.push(dir);
  return dir;
}

async function watching(url: string, experts: string[] = ['ada-quant']): Promise<TestSocket> {
  const client = new Client(url);
  expect((await client.signIn()).status).toBe(200);
  const sock = openSocket({ wsUrl: url.replace('http://', 'ws://') } as TestServer, client, WORLD);
  sockets.push(sock);
  await sock.next('server.hello', 15_000);
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
  sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: experts } });
  sock.send({ typ: 'workspace.expert.details', content: {} });
  await sock.next('workspace.expert.details.response', 15_000);
  return sock;
}

const failedBubble = (sock: TestSocket, answerId?: string) =>
  sock.frames.find(
    (f) =>
      f.typ === 'assistant.message' &&
      f.content.final === true &&
      f.content.content === FAILED &&
      (answerId === undefined || f.content.message_id === answerId),
  );

/** A pid no process has any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('an instance killed mid-answer', () => {
  let llm: FakeOpenAi | undefined;
  let victim: ServerProcess | undefined;
  afterAll(async () => {
    if (victim && victim.child.exitCode === null && victim.child.signalCode === null)
      victim.child.kill('SIGKILL');
    await llm?.close();
  });

  it('has its answer ended failed by the instance that lives, in the transcript, within seconds', async () => {
    const dir = dataDir();
    // The survivor: default INSTANCE_TIMEOUT_SECONDS (10). On one host a dead pid is seen
    // at the next sweep (2 s), long before the timeout.
    const survivor = await startTestServer({}, { dataDir: dir });
    servers.push(survivor);
    // The victim answers through a model that streams a few words, then never finishes.
    llm = await startFakeOpenAi(() => ({ kind: 'hang', chunks: textChunks('Thinking about it') }));
    const { DATABASE_URL } = storeLocation(dir);
    victim = await startServerProcess({
      DATA_DIR: dir,
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const asking = await watching(victim.url);
    const onSurvivor = await watching(survivor.url);

    asking.send({ typ: 'user.message', content: { text: 'Where do we stand?' } });
    const partial = await until('the streamed start of the answer', () =>
      asking.frames.find((f) => f.typ === 'assistant.message' && f.content.final === false),
    );
    const answerId = partial.content.message_id as string;
    const progress = asking.frames.find(
      (f) => f.typ === 'server.progress' && f.content.status === 'working-ok',
    );
    expect((await survivor.store.answersUnderWay.instances()).map((i) => i.pid)).toContain(
      victim.child.pid,
    );

    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await until('the failed answer on the surviving instance', () =>
      failedBubble(onSurvivor, answerId),
    );
    const tookMs = Date.now() - killedAt;
    // Same host: the next sweep (every 2 s) sees the pid gone; the timeout (10 s) never comes into it.
    expect(tookMs).toBeLessThan(9_000);
    expect(
      onSurvivor.frames.find(
        (f) =>
          f.typ === 'server.progress' &&
          f.content.cid === progress.content.cid &&
          f.content.status === 'failed' &&
          f.content.error === STOPPED_BEFORE_ANSWER,
      ),
    ).toBeTruthy();

    // Stored: history on reload has the question and the failed answer, once.
    const messages = await survivor.store.transcripts.messages(WORKSPACE);
    const question = messages.findIndex((m) => m.content === 'Where do we stand?');
    expect(question).toBeGreaterThanOrEqual(0);
    expect(messages.filter((m) => m.message_id === answerId)).toEqual([
      expect.objectContaining({ name: 'Ada Quant', content: FAILED }),
    ]);
    expect(messages.findIndex((m) => m.message_id === answerId)).toBeGreaterThan(question);
    const log = await survivor.store.console.list(WORLD);
    expect(log.map((l) => l.message)).toContain(`Ada Quant failed: ${STOPPED_BEFORE_ANSWER}`);
    // Nothing is left under way, and the dead instance is forgotten.
    expect(await survivor.store.answersUnderWay.claimOrphans([])).toEqual([]);
    expect((await survivor.store.answersUnderWay.instances()).map((i) => i.pid)).not.toContain(
      victim.child.pid,
    );
  }, 90_000);
});

describe('answers left by an instance on another host', () => {
  it('end once the instance is silent for the timeout, once across two instances; a stored answer stays', async () => {
    const dir = dataDir();
    const a = await startTestServer({ INSTANCE_TIMEOUT_SECONDS: 1 }, { dataDir: dir });
    servers.push(a);
    const b = await startTestServer({ INSTANCE_TIMEOUT_SECONDS: 1 }, { dataDir: dir });
    servers.push(b);
    const onA = await watching(a.url);
    const onB = await watching(b.url);
    const repo = a.store.answersUnderWay;
    const far = { id: 'far-away', host: 'another machine', pid: 4242, started_at: 1 };
    const answer = (n: number) => ({
      answer_id: `orphan-${n}`,
      instance_id: far.id,
      world_id: WORLD,
      workspace_id: WORKSPACE,
      expert_id: 'ada-quant',
      expert_name: 'Ada Quant',
      cid: `ada-quant-orphan${n}`,
      started_at: Date.now(),
    });
    await repo.beat(far, Date.now());
    await repo.begin([1, 2, 3, 4, 5].map(answer));
    // Answer 5 was stored just before its instance died.
    await a.store.transcripts.addMessage(WORKSPACE, {
      message_id: 'orphan-5',
      role: 'assistant',
      name: 'Ada Quant',
      expert_id: 'ada-quant',
      user_id: null,
      content: 'The real answer',
      html: null,
      created_at: new Date().toISOString(),
    });

    // Still beating (on its own clock, from another host): its answers are its own.
    const beatingUntil = Date.now() + 2_500;
    while (Date.now() < beatingUntil) {
      await repo.beat(far, Date.now());
      await sleep(100);
    }
    expect(failedBubble(onA) ?? failedBubble(onB)).toBeUndefined();

    // Silent: within 1.4 × the timeout (and a margin for a busy machine) they end, each once.
    // Without Redis each instance reaches only its own sockets: each socket sees what its
    // instance ended, so the two together see every answer, each once.
    const endedFrames = () =>
      [...onA.frames, ...onB.frames].filter(
        (f) => f.typ === 'assistant.message' && f.content.content === FAILED,
      );
    await until('four failed answers', () => endedFrames().length >= 4, 15_000);
    await sleep(1_000);
    const ended = endedFrames()
      .map((f) => f.content.message_id as string)
      .sort();
    expect(ended).toEqual(['orphan-1', 'orphan-2', 'orphan-3', 'orphan-4']);
    const stored = await a.store.transcripts.messages(WORKSPACE);
    expect(stored.find((m) => m.message_id === 'orphan-5')?.content).toBe('The real answer');
    expect(
      stored
        .filter((m) => m.content === FAILED)
        .map((m) => m.message_id)
        .sort(),
    ).toEqual(['orphan-1', 'orphan-2', 'orphan-3', 'orphan-4']);
  }, 60_000);

  it('a dead pid on this host is seen at the first sweep, a restarted server ends its earlier life', async () => {
    const dir = dataDir();
    // A server seeded the store, then died with an answer under way.
    await (await startTestServer({}, { dataDir: dir })).close();
    const store = await openTestStore(dir);
    const before = { id: 'earlier-life', host: hostKey(), pid: await deadPid(), started_at: 1 };
    await store.answersUnderWay.beat(before, Date.now());
    await store.answersUnderWay.begin([
      {
        answer_id: 'left-at-crash',
        instance_id: before.id,
        world_id: WORLD,
        workspace_id: WORKSPACE,
        expert_id: 'ada-quant',
        expert_name: 'Ada Quant',
        cid: 'ada-quant-crash',
        started_at: Date.now(),
      },
    ]);
    await store.close();
    // Starting is enough: the first sweep runs before the server is ready.
    const restarted = await startTestServer({}, { dataDir: dir });
    servers.push(restarted);
    const stored = await restarted.store.transcripts.messages(WORKSPACE);
    expect(stored.find((m) => m.message_id === 'left-at-crash')?.content).toBe(FAILED);
  }, 60_000);
});
