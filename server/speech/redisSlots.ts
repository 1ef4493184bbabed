import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { UserSlots, type DictationSlots, type ReleaseSlot } from './userSlots';

/** One sorted set per user: its leases, each scored by when it runs out (Redis's clock, ms). */
const PREFIX = 'emgen:dictation:';
/** At most one warning a minute while Redis does not answer. */
const WARN_EVERY_MS = 60_000;

const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops leases run out, then adds one when fewer than max are left: 1, else 0. */
const TAKE = `${NOW_MS}
local key, max, lease, id = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
if redis.call('ZCARD', key) >= max then return 0 end
redis.call('ZADD', key, now + lease, id)
redis.call('PEXPIRE', key, lease)
return 1`;

/** Moves a lease's end on, when it is still there: 1, else 0. */
const RENEW = `${NOW_MS}
local key, lease, id = KEYS[1], tonumber(ARGV[1]), ARGV[2]
if not redis.call('ZSCORE', key, id) then return 0 end
redis.call('ZADD', key, 'XX', now + lease, id)
redis.call('PEXPIRE', key, lease)
return 1`;

/**
 * Dictation slots counted across instances in Redis. A slot is a lease that
 * runs out `leaseMs` after it was last renewed; the instance running the
 * utterance renews it every third of that and removes it when the utterance
 * ends. An instance that dies (or loses Redis) renews nothing, so its slots
 * are free again within `leaseMs`: never held forever. Expiry is reckoned by
 * Redis's clock, so instances whose clocks differ agree.
 *
 * Redis unreachable or too slow (the shared connection fails a command at
 * once, or within SHARED_REDIS_TIMEOUT_MS): the slot is counted on this
 * instance instead. Dictation goes on, limited per instance; refusing every
 * dictation while Redis is down would protect nothing (each instance runs
 * its own recognisers).
 */
export class RedisUserSlots implements DictationSlots {
  private readonly local: UserSlots;
  private warnedAt = -Infinity;

  constructor(
    private readonly redis: Redis,
    readonly max: number,
    private readonly leaseMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.local = new UserSlots(max);
  }

  async acquire(userId: string): Promise<ReleaseSlot | undefined> {
    const key = PREFIX + userId;
    const id = randomUUID();
    let granted: unknown;
    try {
      granted = await this.redis.eval(TAKE, 1, key, this.max, this.leaseMs, id);
    } catch (err) {
      this.fellBack(err);
      return this.local.take(userId);
    }
    if (granted !== 1) return undefined;
    const renewal = setInterval(() => {
      this.redis.eval(RENEW, 1, key, this.leaseMs, id).catch((err: unknown) => this.fellBack(err));
    }, this.leaseMs / 3);
    renewal.unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      // Not removed (Redis gone meanwhile): it runs out by itself within leaseMs.
      this.redis.zrem(key, id).catch((err: unknown) => this.fellBack(err));
    };
  }

  private fellBack(err: unknown): void {
    if (Date.now() - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = Date.now();
    this.log.warn(
      { err: (err as Error).message },
      'dictation slots not in Redis: counting on this instance',
    );
  }
}
