import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Redis keys of the sign-in counts: this prefix and the limiter's key (`account:…`, `address:…`). */
const NAMESPACE = 'emgen:login:';
/** Keys the in-memory counts keep at most (an attacker cycling addresses cannot grow them forever). */
const LOCAL_KEYS = 50_000;
/** At most one warning a minute while Redis does not answer. */
const WARN_EVERY_MS = 60_000;

type Counted = FastifyRateLimitStore['incr'];

export interface LoginCounters {
  /** The store @fastify/rate-limit counts sign-in failures in (its `store` option). */
  Store: FastifyRateLimitStoreCtor;
  /** Forgets a key's count (a successful sign-in clears the account's failures). */
  clear(key: string): Promise<void>;
}

/**
 * Where @fastify/rate-limit counts failed sign-ins: its Redis store when
 * there is a shared Redis, so every instance counts the same failures, else
 * its in-memory store.
 *
 * Redis unreachable or too slow (the connection fails a command at once, or
 * after SHARED_REDIS_TIMEOUT_MS): each count falls back to this instance's
 * memory. Sign-ins go on (failing closed would lock everyone out for as long
 * as Redis is down, the people who did nothing wrong included) and are
 * still limited, per instance: with N instances an attacker gets at most N
 * times the attempts while Redis is gone, never unlimited ones.
 */
export function loginCounters(
  redis: Redis | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
): LoginCounters {
  const local = new LocalStore(false, false, LOCAL_KEYS);
  const shared = redis ? new RedisStore(false, false, redis, NAMESPACE) : undefined;
  let warnedAt = -Infinity;
  const fellBack = (err: Error) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn({ err: err.message }, 'sign-in counts not in Redis: counting on this instance');
  };

  const counted =
    (method: 'incr' | 'read'): Counted =>
    (key, done, timeWindow, max) => {
      if (!shared) return local[method](key, done, timeWindow, max);
      shared[method](
        key,
        (err, result) => {
          if (!err) return done(null, result);
          fellBack(err);
          local[method](key, done, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };

  class Counters implements FastifyRateLimitStore {
    incr = counted('incr');
    read = counted('read');
    /** One store for every limiter: their keys say which count they are. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store: Counters,
    async clear(key) {
      // The in-memory store has no delete of its own; its LRU map does.
      (local as unknown as { lru: { delete(key: string): void } }).lru.delete(key);
      if (!redis) return;
      try {
        await redis.del(NAMESPACE + key);
      } catch (err) {
        fellBack(err as Error);
      }
    },
  };
}
