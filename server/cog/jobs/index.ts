import type { Config } from '../../config';
import { BullQueue } from './bullQueue';
import { InProcessQueue } from './inProcessQueue';
import type { JobQueue, RetryPolicy } from './jobQueue';

export * from './jobQueue';
export { InProcessQueue } from './inProcessQueue';
export { BullQueue } from './bullQueue';

export interface OpenJobQueueOptions {
  name: string;
  policy: RetryPolicy;
  log: { error(message: string, err?: unknown): void; info(message: string): void };
  /** BullMQ's lock on a running job (tests shorten it to see a dead instance's job taken over). */
  lockMs?: number;
}

/**
 * The queue the configuration asks for: BullMQ on Redis when REDIS_URL is
 * set, else in-process. BullMQ rather than pg-boss: the instances share
 * Redis already (the bus), while pg-boss would tie the queue to PostgreSQL
 * (none on SQLite) and poll the database every request depends on.
 */
export function openJobQueue<T>(
  config: Pick<Config, 'REDIS_URL'>,
  opts: OpenJobQueueOptions,
): JobQueue<T> {
  if (!config.REDIS_URL) return new InProcessQueue<T>(opts.policy);
  return new BullQueue<T>({ url: config.REDIS_URL, ...opts });
}
