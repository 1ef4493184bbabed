import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import {
  fakeTranscriptionServer,
  openAudioSocket,
  pcm44k,
  type AudioSocket,
  type FakeTranscription,
} from '../dictation/helpers';
import { ADMIN, Client, startTestServer, storeLocation, type TestServer } from '../harness';

/**
 * Dictation slots (STT_MAX_CONCURRENT) counted across instances: A is a
 * server process of its own, B a server in this process, on one store and
 * one Redis. Utterances running on A take the user's slots on B too; when A
 * is killed (-9: it releases nothing), its slots are free again once their
 * leases run out.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const LEASE_S = 2;
const REFUSAL = { error: 'Too many dictations at once (max 2 per user)' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tone = (seconds: number) =>
  pcm44k(seconds, (i) => 8000 * Math.sin((2 * Math.PI * 440 * i) / 44100));

describe.skipIf(!installed)('dictation slots across two instances on one Redis', () => {
  let redis: TestRedis;
  let peek: Redis;
  let fake: FakeTranscription;
  let dataDir: string;
  let a: ServerProcess;
  let b: TestServer;
  let userKey: string;
  const onA = () => ({ wsUrl: a.url.replace('http://', 'ws://') }) as TestServer;
  let client: Client;
  const sockets: AudioSocket[] = [];
  const open = (server: TestServer) => {
    const sock = openAudioSocket(server, client);
    sockets.push(sock);
    return sock;
  };

  /** The leases Redis holds for the user (how the test knows A has taken its slots). */
  const leases = () => peek.zcard(userKey);
  const untilLeases = async (n: number) => {
    const start = Date.now();
    while ((await leases()) !== n) {
      if (Date.now() - start > 15_000) throw new Error(`not ${n} leases within 15 s`);
      await sleep(25);
    }
  };

  beforeAll(async () => {
    redis = await startRedis();
    peek = new Redis(redis.url);
    peek.on('error', () => undefined); // Redis is stopped on purpose in the last test
    fake = await fakeTranscriptionServer(() => ({ status: 200, body: { text: 'hello there' } }));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-slots-two-'));
    const shared = {
      REDIS_URL: redis.url,
      STT_BASE_URL: fake.baseUrl,
      STT_MODEL: 'whisper-test',
      STT_MAX_CONCURRENT: 2,
      STT_SLOT_LEASE_SECONDS: LEASE_S,
    };
    b = await startTestServer(shared, { dataDir });
    const location = storeLocation(dataDir);
    a = await startServerProcess({
      ...Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, String(v)])),
      DATA_DIR: location.DATA_DIR,
      ...(location.DATABASE_URL ? { DATABASE_URL: location.DATABASE_URL } : {}),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_SEED: 'false',
    });
    client = new Client(b.url);
    expect((await client.signIn()).status).toBe(200);
    const admin = await b.store.users.byEmail(ADMIN.email);
    userKey = `emgen:dictation:${admin!.id}`;
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    if (a && a.child.exitCode === null) a.child.kill('SIGKILL');
    await b?.close();
    peek?.disconnect();
    await redis?.stop();
    await fake?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('two utterances running on A use up the user’s slots on B; one ending on A frees one on B', async () => {
    const first = open(onA());
    const second = open(onA());
    await first.sendAudio(tone(0.1));
    await second.sendAudio(tone(0.1));
    await untilLeases(2);

    const third = open(b);
    await third.sendAudio(tone(0.1));
    expect(await third.next()).toEqual(REFUSAL);
    third.end(); // ends the refused utterance: nothing more is said

    first.end();
    expect(await first.next()).toEqual({ text: 'hello there', isFinal: true });
    await untilLeases(1);
    await third.sendAudio(tone(0.1));
    third.end();
    expect(await third.next()).toEqual({ text: 'hello there', isFinal: true });
    expect(third.replies).toHaveLength(2);
    second.end();
    expect(await second.next()).toEqual({ text: 'hello there', isFinal: true });
    await untilLeases(0);
  });

  it('slots held on A when it is killed are free again once their leases run out', async () => {
    const held = [open(onA()), open(onA())];
    for (const s of held) await s.sendAudio(tone(0.1));
    await untilLeases(2);

    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => a.child.once('exit', resolve));
    // A released nothing: its leases are still in Redis (the last renewal was at most a third
    // of the lease before the kill, so they are there for at least two thirds of it).
    const stillHeld = await leases();
    if (Date.now() - killedAt < 1000) expect(stillHeld).toBe(2);

    // Within the lease (renewed by nobody now) plus a generous margin, B lets the user dictate.
    for (;;) {
      const attempt = open(b);
      await attempt.sendAudio(tone(0.1));
      attempt.end();
      const reply = await attempt.next();
      attempt.ws.close();
      if (reply.isFinal) {
        expect(reply).toEqual({ text: 'hello there', isFinal: true });
        break;
      }
      expect(reply).toEqual(REFUSAL);
      expect(Date.now() - killedAt).toBeLessThan(LEASE_S * 1000 + 10_000);
      await sleep(200);
    }
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_S * 1000 - 1000);
  });

  it('with Redis down B still dictates at once, its slots counted on B alone', async () => {
    await redis.down();
    try {
      const started = Date.now();
      const socks = [open(b), open(b), open(b)];
      await socks[0]!.sendAudio(tone(0.1));
      await socks[1]!.sendAudio(tone(0.1));
      await sleep(100);
      await socks[2]!.sendAudio(tone(0.1));
      expect(await socks[2]!.next()).toEqual(REFUSAL);
      socks[0]!.end();
      expect(await socks[0]!.next()).toEqual({ text: 'hello there', isFinal: true });
      // Not held waiting for Redis.
      expect(Date.now() - started).toBeLessThan(5000);
      socks[1]!.end();
      expect(await socks[1]!.next()).toEqual({ text: 'hello there', isFinal: true });
    } finally {
      await redis.up();
    }
  });
});
