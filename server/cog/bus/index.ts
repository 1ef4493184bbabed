import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { InProcessBus } from './inProcessBus';
import type { MessageBus } from './messageBus';

export * from './messageBus';
export { InProcessBus } from './inProcessBus';

/** How long start-up waits for Redis before it goes on degraded (it keeps reconnecting). */
const CONNECT_WAIT_MS = 5000;

/** The bus the configuration asks for: Redis when REDIS_URL is set, else in-process. */
export async function openBus(
  config: Pick<Config, 'REDIS_URL'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): Promise<MessageBus> {
  const failed = (err: unknown, topic: string) =>
    log.error({ err, topic }, 'a bus listener failed');
  if (!config.REDIS_URL) return new InProcessBus(failed);
  // Loaded only when asked for: ioredis is some 20 MB a one-process server does without.
  const { RedisBus } = await import('./redisBus');
  const bus = new RedisBus({ url: config.REDIS_URL, log });
  await bus.connected(CONNECT_WAIT_MS);
  return bus;
}
