/**
 * @fastify/rate-limit's two stores, used directly by loginCounters.ts (the
 * package types only the plugin). Constructor arguments as its index.js passes them.
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  export default class LocalStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr: FastifyRateLimitStore['incr'];
    read: FastifyRateLimitStore['incr'];
    child: FastifyRateLimitStore['child'];
  }
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  export default class RedisStore implements FastifyRateLimitStore {
    constructor(
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      nameSpace?: string,
    );
    incr: FastifyRateLimitStore['incr'];
    read: FastifyRateLimitStore['incr'];
    child: FastifyRateLimitStore['child'];
  }
}
