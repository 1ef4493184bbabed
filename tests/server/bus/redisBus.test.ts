import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FanOutHealth } from '../../../server/cog/bus';
import { RedisBus } from '../../../server/cog/bus/redisBus';
import { findRedisServer, REDIS_MISSING, startRedis, type TestRedis } from '../../support/redis';

/**
 * The Redis bus on a real redis-server: two buses stand for two instances.
 * Both see all messages in one order; each sees its own exactly once; while
 * Redis is gone each still serves itself, and it heals when Redis is back.
 */

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: string, pred: () => boolean, ms = 15_000) => {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
};

const warnings: string[] = [];
const log = {
  info: () => undefined,
  warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))),
  error: (...args: unknown[]) => void warnings.push(String(args.at(-1))),
};

describe.skipIf(!installed)('the Redis bus', () => {
  let redis: TestRedis;
  const buses: RedisBus[] = [];
  const openBus = async (echoTimeoutMs?: number) => {
    const bus = new RedisBus({ url: redis.url, log, echoTimeoutMs });
    buses.push(bus);
    await bus.connected(10_000);
    return bus;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('hands every instance all messages in one order, each publisher’s in its order, none twice', async () => {
    const a = await openBus();
    const b = await openBus();
    expect(a.health().state).toBe('redis');
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.subscribe('frames', (m) => seenA.push(m as string));
    b.subscribe('frames', (m) => seenB.push(m as string));
    // Both publish at once, interleaved, with listeners that answer as they hear.
    a.subscribe('frames', (m) => {
      if (m === 'b-50') a.publish('frames', 'a-reply');
    });
    for (let i = 0; i < 100; i++) {
      a.publish('frames', `a-${i}`);
      b.publish('frames', `b-${i}`);
      if (i % 10 === 0) await sleep(1);
    }
    await until('all delivered', () => seenA.length === 201 && seenB.length === 201);
    await sleep(200);
    expect(seenB).toEqual(seenA);
    expect(new Set(seenA).size).toBe(201);
    const fromA = seenA.filter((m) => /^a-\d+$/.test(m));
    expect(fromA).toEqual(Array.from({ length: 100 }, (_, i) => `a-${i}`));
    expect(seenA.indexOf('a-reply')).toBeGreaterThan(seenA.indexOf('b-50'));
    // Nothing was delivered on the side: a's own messages came back through Redis,
    // interleaved with b's as Redis ran them, not all before them.
    expect(seenA.slice(0, 100).some((m) => m.startsWith('b-'))).toBe(true);
  });

  it('drops what it cannot read on a channel and goes on', async () => {
    const a = await openBus();
    const b = await openBus();
    const seen: unknown[] = [];
    b.subscribe('frames', (m) => seen.push(m));
    const warned = warnings.length;
    const other = new Redis(redis.url);
    try {
      await other.publish('emgen:bus:frames', 'not json');
      await other.publish('emgen:bus:frames', JSON.stringify({ message: 'no sender' }));
    } finally {
      other.disconnect();
    }
    a.publish('frames', { after: true });
    await until('the next message', () => seen.length === 1);
    expect(seen).toEqual([{ after: true }]);
    // Each of the two instances dropped both.
    const dropped = warnings.slice(warned).filter((w) => w.includes('unreadable bus message'));
    expect(dropped).toHaveLength(4);
  });

  it('while Redis is down each serves its own subscribers and says degraded; it heals when Redis returns', async () => {
    const a = await openBus();
    const b = await openBus();
    const heardA: FanOutHealth['state'][] = [];
    a.onHealthChange((h) => heardA.push(h.state));
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    a.subscribe('frames', (m) => seenA.push(m));
    b.subscribe('frames', (m) => seenB.push(m));

    await redis.down();
    await until('both degraded', () => [a, b].every((bus) => bus.health().state === 'degraded'));
    expect(a.health().message).toMatch(/^Fan-out degraded: Redis is unreachable/);
    a.publish('frames', 'a while down');
    b.publish('frames', 'b while down');
    // Delivered at once, here only: the other instance cannot be reached.
    expect(seenA).toEqual(['a while down']);
    expect(seenB).toEqual(['b while down']);

    await redis.up();
    await until('both whole again', () => [a, b].every((bus) => bus.health().state === 'redis'));
    expect(heardA).toEqual(['degraded', 'redis']);
    a.publish('frames', 'a after');
    await until('delivered everywhere', () => seenA.length === 2 && seenB.length === 2);
    expect(seenA).toEqual(['a while down', 'a after']);
    expect(seenB).toEqual(['b while down', 'a after']);
  });

  it('a message published as Redis goes reaches its own instance once, in order', async () => {
    const a = await openBus();
    const seen: unknown[] = [];
    a.subscribe('frames', (m) => seen.push(m));
    const downing = redis.down();
    for (let i = 0; i < 200; i++) {
      a.publish('frames', i);
      if (i % 20 === 0) await sleep(2);
    }
    await downing;
    await until('all delivered here', () => seen.length === 200, 20_000);
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i));
    await redis.up();
    await until('whole again', () => a.health().state === 'redis');
    await sleep(300);
    expect(seen).toHaveLength(200);
  });

  it('a subscriber connection that drops is made again; nothing is lost here or doubled', async () => {
    const a = await openBus();
    const b = await openBus();
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    a.subscribe('frames', (m) => seenA.push(m));
    b.subscribe('frames', (m) => seenB.push(m));
    const heard: string[] = [];
    a.onHealthChange((h) => heard.push(`a ${h.state}`));
    b.onHealthChange((h) => heard.push(`b ${h.state}`));
    const admin = new Redis(redis.url);
    try {
      a.publish('frames', 1);
      // Every subscriber connection is cut, as a proxy or a Redis failover would.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      a.publish('frames', 2);
      await until('both went and came back', () => heard.length === 4);
      expect(heard.toSorted()).toEqual(['a degraded', 'a redis', 'b degraded', 'b redis']);
      a.publish('frames', 3);
      await until('3 here', () => seenA.includes(3));
      await until('3 there', () => seenB.includes(3));
      await sleep(200);
      expect(seenA).toEqual([1, 2, 3]);
      expect(seenB.at(-1)).toBe(3);
    } finally {
      admin.disconnect();
    }
  });

  it('messages that do not come back in time are delivered here once, and the bus reconnects', async () => {
    const a = await openBus(500);
    const seen: unknown[] = [];
    a.subscribe('frames', (m) => seen.push(m));
    const admin = new Redis(redis.url);
    try {
      // Redis stops answering everyone for 2 s (connections stay open).
      await admin.call('CLIENT', 'PAUSE', '2000', 'ALL');
      a.publish('frames', 'held');
      await until('delivered after the echo timeout', () => seen.length === 1, 1900);
      expect(a.health().state).toBe('degraded');
      await until('whole again', () => a.health().state === 'redis', 10_000);
      a.publish('frames', 'after');
      await until('after', () => seen.includes('after'));
      await sleep(200);
      // The held message, run by Redis once the pause ended, was not delivered again.
      expect(seen).toEqual(['held', 'after']);
    } finally {
      admin.disconnect();
    }
  });

  it('a bus started while Redis is down serves its own subscribers and joins when Redis comes', async () => {
    const b = await openBus();
    const seenB: unknown[] = [];
    b.subscribe('frames', (m) => seenB.push(m));
    await redis.down();
    const a = new RedisBus({ url: redis.url, log });
    buses.push(a);
    await a.connected(300); // gives up waiting, never rejects
    expect(a.health().state).toBe('degraded');
    const seenA: unknown[] = [];
    a.subscribe('frames', (m) => seenA.push(m));
    a.publish('frames', 'alone');
    expect(seenA).toEqual(['alone']);

    await redis.up();
    await a.connected(10_000);
    await until('both whole', () => [a, b].every((bus) => bus.health().state === 'redis'));
    a.publish('frames', 'together');
    await until('b hears a', () => seenB.includes('together'));
    expect(seenA).toEqual(['alone', 'together']);
    expect(seenB).toEqual(['together']);
  });
});
