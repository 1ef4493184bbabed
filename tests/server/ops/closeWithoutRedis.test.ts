import { expect, it } from 'vitest';
import { findRedisServer, REDIS_MISSING, startRedis } from '../../support/redis';
import { startTestServer } from '../harness';

const installed = Boolean(findRedisServer());
if (!installed) console.warn(REDIS_MISSING);

/**
 * A server on REDIS_URL stops while Redis is down: the bus, the shared
 * counters and the job queue each give up on Redis rather than wait for it
 * to come back (a deploy during a Redis outage must not hang).
 */
it.skipIf(!installed)(
  'a server using Redis closes promptly while Redis is down',
  async () => {
    const redis = await startRedis();
    try {
      const server = await startTestServer({ REDIS_URL: redis.url });
      await redis.down();
      // Let the clients notice the outage and start reconnecting.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      await server.close();
      // Each step is bounded at about a second once Redis is unreachable; before, close never ended.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await redis.stop();
    }
  },
  60_000,
);
