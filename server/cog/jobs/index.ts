import type { Config } from '../../config';
import type { BullQueueOptions } from './bullQueue';
import { InProcessQueue } from './inProcessQueue';
import type { JobHandler, JobQueue, RetryPolicy } from './jobQueue';

export * from './jobQueue';
export { InProcessQueue } from './inProcessQueue';

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
  return new BullQueueOnceLoaded<T>({ url: config.REDIS_URL, ...opts });
}

/**
 * BullQueue, with BullMQ and ioredis loaded only when REDIS_URL asks for
 * them (some 20 MB of RSS a one-process server does without): it is opened
 * at once, and every call goes to the BullQueue once the modules are in, in
 * the order the calls were made.
 */
class BullQueueOnceLoaded<T> implements JobQueue<T> {
  readonly kind = 'redis' as const;
  private readonly opened: Promise<JobQueue<T>>;

  constructor(private readonly opts: BullQueueOptions) {
    this.opened = import('./bullQueue').then(({ BullQueue }) => new BullQueue<T>(opts));
  }

  async add(id: string, data: T): Promise<void> {
    return (await this.opened).add(id, data);
  }

  async requeue(id: string, data: T): Promise<void> {
    return (await this.opened).requeue(id, data);
  }

  work(handler: JobHandler<T>): void {
    this.opened
      .then((queue) => queue.work(handler))
      .catch((err: unknown) => this.opts.log.error('The job queue could not start working', err));
  }

  async depth(): Promise<number> {
    return (await this.opened).depth();
  }

  async whenIdle(): Promise<void> {
    return (await this.opened).whenIdle();
  }

  onRecovered(listener: () => void): void {
    this.opened
      .then((queue) => queue.onRecovered(listener))
      .catch((err: unknown) => this.opts.log.error('The job queue could not be opened', err));
  }

  async close(): Promise<void> {
    return (await this.opened).close();
  }
}
