import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_NOT_SIGNED_IN } from '../../../protocol';
import type { ExpertEngine } from '../../../server/meeting/types';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import {
  Client,
  enterWorkspace,
  openSocket,
  startTestServer,
  type TestServer,
  type TestSocket,
} from '../harness';
import { newMember, settle, within } from '../revocationHelpers';

/**
 * Two real servers on one store and one Redis, as two instances behind a
 * load balancer: people in one workspace on different instances see the
 * same frames in the same order; frames for a world or an account, and
 * revocations, cross over; with Redis gone each instance still serves its
 * own sockets and says fan-out is degraded, and it heals when Redis is back.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const WORLD = 'innovation-lab';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: string, pred: () => boolean | Promise<boolean>, ms = 15_000) => {
  const start = Date.now();
  while (!(await pred())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
};

/** Experts that stream: traces, a research box and partial answers, at different paces. */
const PACE: Record<string, number> = { chrono: 15, scout: 0, librarian: 5 };
const engine: ExpertEngine = {
  name: 'streaming',
  async answer(req, report) {
    for (let step = 0; step < 3; step++) {
      report.trace(`${req.expert.name} · ${req.question} · ${step}`, { value: { step } });
      if (step === 1) report.researchBox({ title: `${req.expert.name} on ${req.question}` });
      report.answer(`${req.expert.name} thinking (${step})`, false);
      await sleep(PACE[req.expert.id] ?? 0);
    }
    report.answer(`${req.expert.name} on "${req.question}"`, true);
  },
};

/** The frames a workspace's audience gets (not hello, heartbeat or replies to one socket). */
const AUDIENCE_TYPS = new Set([
  'user.echo',
  'assistant.message',
  'server.trace',
  'display.researchbox',
  'server.progress',
]);
const audienceFrames = (sock: TestSocket) =>
  sock.frames.filter((f) => AUDIENCE_TYPS.has(f.typ)).map((f) => JSON.stringify(f));
const dones = (sock: TestSocket) =>
  sock.frames.filter((f) => f.typ === 'server.progress' && f.content.status === 'done').length;
const echoes = (sock: TestSocket) =>
  sock.frames.filter((f) => f.typ === 'user.echo').map((f) => f.content.content as string);

/** The same signed-in browser, talking to another instance (the session is in the shared store). */
function sameBrowserOn(server: TestServer, client: Client): Client {
  const moved = new Client(server.url);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

describe.skipIf(!installed)('two instances on one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;
  let workspaceId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-two-'));
    // A sweep this long never fires here: whatever closes a socket is a revocation on the bus.
    const overrides = { REDIS_URL: redis.url, accessSweepMs: 600_000 };
    a = await startTestServer(overrides, { dataDir, engine, tools: [] });
    b = await startTestServer(overrides, { dataDir, engine, tools: [] });
    const adminId = (await a.store.users.byEmail('admin@test.local'))!.id;
    const ws = await a.store.workspaces.create({ worldId: WORLD, createdBy: adminId });
    workspaceId = ws.id;
    for (const id of Object.keys(PACE)) await a.store.workspaces.addExpert(ws.id, id);
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await a?.close();
    await b?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A socket on `server` looking at the test's workspace, once the server knows it is. */
  async function watching(server: TestServer, client: Client): Promise<TestSocket> {
    const sock = openSocket(server, client, WORLD);
    sockets.push(sock);
    await sock.next('server.hello');
    await enterWorkspace(sock, workspaceId);
    return sock;
  }

  async function health(server: TestServer) {
    return (await (await fetch(`${server.url}/api/health`)).json()) as {
      status: string;
      fanOut: { state: string; message: string };
    };
  }

  it('both instances start on Redis and say so', async () => {
    for (const server of [a, b]) {
      expect(await health(server)).toMatchObject({ status: 'ok', fanOut: { state: 'redis' } });
    }
  });

  it('a user on A and a user on B see the same messages and streamed answers in the same order', async () => {
    const admin = new Client(a.url);
    await admin.signIn();
    const member = await newMember(b);
    // The workspace is private to its participants (issue 20): the member is invited.
    await a.store.workspaces.addUser(workspaceId, member.userId);
    const onA = await watching(a, admin);
    const onB = await watching(b, member.client);

    // Both ask without waiting, on their own instances; rounds stream side by side.
    onA.send({ typ: 'user.message', content: { text: 'one' } });
    onB.send({ typ: 'user.message', content: { text: 'two' } });
    onA.send({ typ: 'user.message', content: { text: 'three' } });
    const experts = Object.keys(PACE).length;
    await until(
      'every answer on both',
      () => dones(onA) === 3 * experts && dones(onB) === 3 * experts,
    );
    await settle(200);

    const seenOnA = audienceFrames(onA);
    expect(audienceFrames(onB)).toEqual(seenOnA);
    // Each said once (the sender's own instance did not also deliver it on the side) …
    expect(echoes(onA).toSorted()).toEqual(['one', 'three', 'two']);
    // … and every expert's streamed answer, traces and research boxes are there.
    const finals = onA.frames.filter((f) => f.typ === 'assistant.message' && f.content.final);
    expect(finals).toHaveLength(3 * experts);
    expect(onA.frames.filter((f) => f.typ === 'server.trace')).toHaveLength(3 * experts * 3);
    expect(onA.frames.filter((f) => f.typ === 'display.researchbox')).toHaveLength(3 * experts);
    expect(seenOnA.length).toBeGreaterThan(3 * experts * 8);
  });

  it('frames for a whole world or for one account reach their sockets on the other instance', async () => {
    const admin = new Client(a.url);
    await admin.signIn();
    const member = await newMember(b);
    await a.store.workspaces.addUser(workspaceId, member.userId);
    const memberOnB = await watching(b, member.client);
    const adminOnB = await watching(b, sameBrowserOn(b, admin));

    a.hub.broadcast(WORLD, 'cog.event', { name: 'world-wide' });
    expect((await memberOnB.next('cog.event')).content).toEqual({ name: 'world-wide' });
    expect((await adminOnB.next('cog.event')).content).toEqual({ name: 'world-wide' });

    a.hub.toUser(member.userId, 'flash.message', { text: 'for the member alone' });
    expect((await memberOnB.next('flash.message')).content.text).toBe('for the member alone');
    await settle(300);
    expect(adminOnB.frames.filter((f) => f.typ === 'flash.message')).toEqual([]);
  });

  it('signing out through A closes that session’s socket on B at once', async () => {
    const member = await newMember(a);
    const onB = openSocket(b, sameBrowserOn(b, member.client), WORLD);
    sockets.push(onB);
    await onB.next('server.hello');

    const out = await member.client.request('POST', '/api/signout');
    expect(out.status).toBe(200);
    expect(await within(onB.closed, 3000, 'socket on B closed')).toEqual({
      code: CLOSE_NOT_SIGNED_IN,
      reason: 'Not signed in',
    });
  });

  it('disabling an account through A closes its socket on B at once; a world granted through A reaches its page on B', async () => {
    const admin = new Client(a.url);
    await admin.signIn();
    const member = await newMember(a);
    const onB = openSocket(b, sameBrowserOn(b, member.client), WORLD);
    sockets.push(onB);
    await onB.next('server.hello');

    const granted = await admin.request(
      'PUT',
      `/api/admin/people/${member.userId}/worlds/acme_research`,
      {
        body: { is_admin: false },
      },
    );
    expect(granted.status).toBe(200);
    await onB.next('user.access.changed', 3000);

    const disabled = await admin.request('POST', `/api/admin/people/${member.userId}/disable`);
    expect(disabled.status).toBe(200);
    expect(await within(onB.closed, 3000, 'socket on B closed')).toEqual({
      code: CLOSE_NOT_SIGNED_IN,
      reason: 'Not signed in',
    });
  });

  it('with Redis down each instance serves its own sockets and says fan-out is degraded; it heals when Redis returns', async () => {
    const admin = new Client(a.url);
    await admin.signIn();
    const adminOnB = sameBrowserOn(b, admin);
    const onA = await watching(a, admin);
    const alsoOnA = await watching(a, admin);
    const onB = await watching(b, adminOnB);
    const experts = Object.keys(PACE).length;

    await redis.down();
    await until('both say degraded', async () =>
      (await Promise.all([a, b].map(health))).every((h) => h.status === 'degraded'),
    );
    const degraded = await health(a);
    expect(degraded.fanOut.state).toBe('degraded');
    expect(degraded.fanOut.message).toMatch(/^Fan-out degraded: Redis is unreachable/);

    // A's sockets still hear A's rounds, and B's hear B's; nothing crosses meanwhile.
    onA.send({ typ: 'user.message', content: { text: 'said on A while Redis is down' } });
    onB.send({ typ: 'user.message', content: { text: 'said on B while Redis is down' } });
    await until('A answered on A', () => dones(onA) === experts && dones(alsoOnA) === experts);
    await until('B answered on B', () => dones(onB) === experts);
    await settle(300);
    expect(audienceFrames(alsoOnA)).toEqual(audienceFrames(onA));
    expect(echoes(onA)).toEqual(['said on A while Redis is down']);
    expect(echoes(onB)).toEqual(['said on B while Redis is down']);

    // The console (in the shared store) says so, seen through either instance.
    const consoleSays = async (client: Client, words: string) => {
      const res = await client.request('GET', '/api/console', { headers: { 'X-World-Id': WORLD } });
      return (res.body.messages as { message: string }[]).filter((m) =>
        m.message.startsWith(words),
      );
    };
    await until('both instances noted it', async () => {
      return (await consoleSays(adminOnB, 'Fan-out degraded')).length >= 2;
    });

    await redis.up();
    await until('both whole again', async () =>
      (await Promise.all([a, b].map(health))).every(
        (h) => h.status === 'ok' && h.fanOut.state === 'redis',
      ),
    );
    await until('both noted the recovery', async () => {
      return (await consoleSays(admin, 'Fan-out restored')).length >= 2;
    });

    onA.send({ typ: 'user.message', content: { text: 'said on A after Redis is back' } });
    await until('B hears A again', () => echoes(onB).includes('said on A after Redis is back'));
    await until('every answer on B', () => dones(onB) === 2 * experts);
    expect(echoes(onA)).toEqual(['said on A while Redis is down', 'said on A after Redis is back']);
  });
});
