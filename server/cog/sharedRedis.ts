import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { withTimeout } from './timeout';

/**
 * How long one command to the shared Redis may take. Whoever asks (a sign-in,
 * a dictation starting) then goes on without it, so a Redis that hangs never
 * holds a request for longer.
 */
export const SHARED_REDIS_TIMEOUT_MS = 500;

/** How long start-up waits for Redis before going on without it (it keeps reconnecting). */
const CONNECT_WAIT_MS = 5000;

/** Between reconnect attempts: quickly at first, then every 2 s for as long as Redis is gone. */
const retryStrategy = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 5), 2000);

/**
 * The connection for state several instances keep in Redis (sign-in counts,
 * dictation slots), apart from the bus's. A command fails at once while Redis
 * is unreachable (no offline queue, no resend) and after
 * SHARED_REDIS_TIMEOUT_MS when it does not answer, so its callers can fall
 * back instead of waiting for a dead Redis.
 */
export async function openSharedRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<Redis> {
  // Loaded only with REDIS_URL: a one-process server does without ioredis.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectionName: 'emgen-state',
    retryStrategy,
    connectTimeout: 3000,
    commandTimeout: SHARED_REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
  });
  // One warning per outage: ioredis reports every failed reconnect.
  let warned = false;
  redis.on('error', (err: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: err.message }, 'Redis for shared state unreachable: limits count per instance');
  });
  redis.on('ready', () => {
    if (warned) log.info('Redis for shared state reached again');
    warned = false;
  });
  await withTimeout(
    new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    CONNECT_WAIT_MS,
    () => new Error('not yet'),
  ).catch(() => undefined);
  return redis;
}

/** Closes the connection politely when it is up, else at once. */
export async function closeSharedRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  try {
    await withTimeout(redis.quit(), 1000, () => new Error('Redis did not answer QUIT'));
  } catch {
    redis.disconnect();
  }
}
