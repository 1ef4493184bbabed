import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { waitText } from '../../../server/auth/waitText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';
import { Client, startTestServer, type TestServer } from '../harness';

/**
 * Two real servers on one store and one Redis, as two instances behind a
 * balancer: failed sign-ins count the same whichever instance they reach,
 * and the 429 reads as it does on one instance. With Redis gone, sign-ins
 * are still answered at once and still limited, per instance.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WINDOW_S = 15 * 60;
type Answer = Awaited<ReturnType<Client['signIn']>>;

function expectLimited(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.body.retry_after_seconds).toBeGreaterThan(0);
  expect(res.body.retry_after_seconds).toBeLessThanOrEqual(WINDOW_S);
  expect(res.headers.get('retry-after')).toBe(String(res.body.retry_after_seconds));
  expect(res.body.error).toBe(
    `Too many sign-in attempts. Try again in ${waitText(res.body.retry_after_seconds)}.`,
  );
}

describe.skipIf(!installed)('sign-in limits across two instances on one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;
  let n = 0;

  /** A fresh account (its failures count from zero) in the shared store. */
  async function account(): Promise<{ email: string; password: string }> {
    const email = `person${++n}@test.local`;
    const password = `password-${n}`;
    await a.store.users.create({ email, name: email, passwordHash: await hashPassword(password) });
    return { email, password };
  }

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-limits-two-'));
    // Every attempt here comes from 127.0.0.1: the address limit is raised out of the way.
    const opts = { dataDir, loginLimits: { addressMax: 1000 } };
    a = await startTestServer({ REDIS_URL: redis.url }, opts);
    b = await startTestServer({ REDIS_URL: redis.url }, opts);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('5 failures on A: the next sign-in on B is refused with 429, the same words and Retry-After', async () => {
    const { email, password } = await account();
    const onA = new Client(a.url);
    for (let i = 0; i < 5; i++) expect((await onA.signIn(email, 'wrong')).status).toBe(401);
    const onB = new Client(b.url);
    const limited = await onB.signIn(email, password);
    expectLimited(limited);
    // Both instances tell the same time to wait (one window, counted in Redis).
    const again = await onA.signIn(email, password);
    expectLimited(again);
    expect(
      Math.abs(again.body.retry_after_seconds - limited.body.retry_after_seconds),
    ).toBeLessThanOrEqual(2);
  });

  it('failures split over A and B add up', async () => {
    const { email, password } = await account();
    const onA = new Client(a.url);
    const onB = new Client(b.url);
    for (let i = 0; i < 5; i++) {
      expect((await (i % 2 ? onB : onA).signIn(email, 'wrong')).status).toBe(401);
    }
    expectLimited(await onA.signIn(email, password));
  });

  it('a sign-in on B clears the failures counted on A', async () => {
    const { email, password } = await account();
    const onA = new Client(a.url);
    const onB = new Client(b.url);
    for (let i = 0; i < 4; i++) expect((await onA.signIn(email, 'wrong')).status).toBe(401);
    expect((await onB.signIn(email, password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await onA.signIn(email, 'wrong')).status).toBe(401);
    expect((await onA.signIn(email, password)).status).toBe(200);
  });

  it('with Redis hung (CLIENT PAUSE) a sign-in is answered within the command timeout, not after it', async () => {
    const { email } = await account();
    const pauser = new Redis(redis.url);
    try {
      await pauser.call('CLIENT', 'PAUSE', '6000', 'ALL');
      const started = Date.now();
      expect((await new Client(a.url).signIn(email, 'wrong')).status).toBe(401);
      // Two commands of at most 500 ms each (read, then count), not the 6 s Redis is away.
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await pauser.call('CLIENT', 'UNPAUSE');
      pauser.disconnect();
    }
  });

  it('with Redis down sign-ins are answered at once and limited per instance; shared again when it returns', async () => {
    await redis.down();
    try {
      const { email, password } = await account();
      const onA = new Client(a.url);
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        expect((await onA.signIn(email, 'wrong')).status).toBe(401);
        // Not held waiting for Redis (ioredis would otherwise queue and retry for seconds).
        expect(Date.now() - started).toBeLessThan(3000);
      }
      expectLimited(await onA.signIn(email, password));
      // B counted none of them: it lets the right password in (fail-open, per instance).
      expect((await new Client(b.url).signIn(email, password)).status).toBe(200);
    } finally {
      await redis.up();
    }
    // Once the instances reach Redis again, A's failures stop B again.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { email, password } = await account();
      const onA = new Client(a.url);
      for (let i = 0; i < 5; i++) await onA.signIn(email, 'wrong');
      const onB = await new Client(b.url).signIn(email, password);
      if (onB.status === 429) {
        expectLimited(onB);
        break;
      }
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(250);
    }
  });
});
