import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertEngine } from '../../../server/meeting/types';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import { Client, openSocket, startTestServer, type TestServer, type TestSocket } from '../harness';

/**
 * Stop across a cluster: the round runs on the instance that took the
 * question; a Stop sent to another instance travels on the bus (Redis) and
 * aborts it there, the partial answer kept and marked stopped.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const WORLD = 'innovation-lab';

/** Says a little, then works until it is aborted. */
const engine: ExpertEngine = {
  name: 'endless',
  async answer(req, report) {
    report.answer('So far, so good', false);
    await new Promise((_, reject) => {
      req.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  },
};

const until = async (sock: TestSocket, pred: (f: any) => boolean, ms = 10_000) => {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const hit = sock.frames.find(pred);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('frame not seen');
};

describe.skipIf(!installed)('Stop on two instances on one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;
  let workspaceId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-stop-'));
    const overrides = { REDIS_URL: redis.url, accessSweepMs: 600_000 };
    a = await startTestServer(overrides, { dataDir, engine, tools: [], expertTimeoutMs: 30_000 });
    b = await startTestServer(overrides, { dataDir, engine, tools: [], expertTimeoutMs: 30_000 });
    const adminId = (await a.store.users.byEmail('admin@test.local'))!.id;
    workspaceId = (await a.store.workspaces.create({ worldId: WORLD, createdBy: adminId })).id;
    await a.store.workspaces.addExpert(workspaceId, 'chrono');
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await a?.close();
    await b?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function watching(server: TestServer, client: Client): Promise<TestSocket> {
    const sock = openSocket(server, client, WORLD);
    sockets.push(sock);
    await sock.next('server.hello');
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
    sock.send({ typ: 'workspace.expert.details', content: {} });
    await sock.next('workspace.expert.details.response');
    return sock;
  }

  it('a Stop sent to B stops the round running on A', async () => {
    const admin = new Client(a.url);
    await admin.signIn();
    const onB = new Client(b.url);
    for (const [k, v] of admin.cookies) onB.cookies.set(k, v);
    const sockA = await watching(a, admin);
    const sockB = await watching(b, onB);
    sockA.send({ typ: 'user.message', content: { text: 'Go on forever' } });
    await until(sockB, (f) => f.typ === 'assistant.message' && !f.content.final);
    sockB.send({ typ: 'round.stop', content: {} });
    for (const sock of [sockA, sockB]) {
      await until(sock, (f) => f.typ === 'server.progress' && f.content.status === 'stopped');
      const final = await until(sock, (f) => f.typ === 'assistant.message' && f.content.final);
      expect(final.content).toMatchObject({ content: 'So far, so good', stopped: true });
    }
    const stored = await a.store.transcripts.messages(workspaceId);
    expect(stored.at(-1)).toMatchObject({ content: 'So far, so good', stopped: true });
  });
});
