import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { withTimeout } from '../timeout';
import { JobPostponed, type JobHandler, type JobQueue, type RetryPolicy } from './jobQueue';

/** Every queue's keys start with this in the shared Redis. */
const PREFIX = 'emgen:jobs';
/** How often whenIdle looks at the shared counts. */
const IDLE_POLL_MS = 50;
/** Done jobs are kept this long, so an id added again meanwhile (a start-up scan) is not run again. */
const KEEP_DONE = { age: 24 * 3600, count: 10_000 };
/** Failed jobs are kept (and their id not run again) until an admin retries them, or this long. */
const KEEP_FAILED = { age: 30 * 24 * 3600, count: 10_000 };
/** Retries are the policy's business; BullMQ only needs a number it never reaches. */
const UNBOUNDED_ATTEMPTS = 1_000_000;
const BACKOFF_TYPE = 'emgen';
/** How long closing waits for the job in hand to be given back. */
const CLOSE_WAIT_MS = 10_000;
/** How long each step of closing may take once waiting is pointless (Redis unreachable). */
const CLOSE_FORCED_MS = 1_000;

interface Envelope<T> {
  payload: T;
  /** Failures of the job's own doing so far (outages not counted). */
  failures: number;
}

export interface BullQueueOptions {
  url: string;
  /** The queue's name among those of the shared Redis. */
  name: string;
  policy: RetryPolicy;
  /** Hears connection errors (once until the connection is back); the handler reports its own failures. */
  log: { error(message: string, err?: unknown): void; info(message: string): void };
  /**
   * How long a worker's hold on a running job lasts without being renewed:
   * a job whose instance died is run again by another after about this long.
   */
  lockMs?: number;
}

/**
 * The shared queue (BullMQ on Redis): every instance adds to it and works
 * from it, and Redis hands each job to one worker at a time. A job's id is
 * its BullMQ job id, so the same id added on two instances is one job. A
 * running job is held by a lock its worker renews; when the worker's
 * process dies, BullMQ's stalled-job check gives it to another worker.
 */
export class BullQueue<T> implements JobQueue<T> {
  readonly kind = 'redis' as const;
  private readonly connection: Redis;
  private readonly queue: Queue<Envelope<T>>;
  private worker: Worker<Envelope<T>> | null = null;
  private readonly stop = new AbortController();
  private connectionTrouble = false;
  /** The connection closed since it was last ready. */
  private lost = false;
  private readonly recovered: (() => void)[] = [];

  constructor(private readonly opts: BullQueueOptions) {
    // BullMQ's blocking reads need commands that wait for a reconnect rather than fail.
    this.connection = new Redis(opts.url, { maxRetriesPerRequest: null, lazyConnect: false });
    this.connection.on('error', (err) => this.trouble(err));
    this.connection.on('close', () => (this.lost = true));
    this.connection.on('ready', () => {
      if (!this.lost) return;
      this.lost = false;
      if (this.connectionTrouble) opts.log.info(`Job queue ${opts.name}: Redis is reachable again`);
      this.connectionTrouble = false;
      if (!this.stop.signal.aborted) for (const listener of this.recovered) listener();
    });
    this.queue = new Queue<Envelope<T>>(opts.name, {
      connection: this.connection,
      prefix: PREFIX,
      defaultJobOptions: {
        attempts: UNBOUNDED_ATTEMPTS,
        backoff: { type: BACKOFF_TYPE },
        removeOnComplete: KEEP_DONE,
        removeOnFail: KEEP_FAILED,
      },
    });
    this.queue.on('error', (err) => this.trouble(err));
  }

  async add(id: string, data: T): Promise<void> {
    if (this.stop.signal.aborted) return;
    await this.queue.add(this.opts.name, { payload: data, failures: 0 }, { jobId: id });
  }

  async requeue(id: string, data: T): Promise<void> {
    // 0 when it is running (locked) or unknown; a running job keeps its id, so the add does nothing.
    await this.queue.remove(id);
    await this.add(id, data);
  }

  work(handler: JobHandler<T>): void {
    if (this.worker) throw new Error('work() was called twice');
    const { policy, lockMs } = this.opts;
    this.worker = new Worker<Envelope<T>>(
      this.opts.name,
      (job, token) => this.run(job, token, handler),
      {
        connection: this.connection,
        prefix: PREFIX,
        concurrency: 1,
        ...(lockMs ? { lockDuration: lockMs, stalledInterval: lockMs } : {}),
        // Whether a file that keeps killing its instance is given up is the handler's rule, not this.
        maxStalledCount: 10,
        settings: { backoffStrategy: (tries: number) => policy.delayMs(tries) },
      },
    );
    this.worker.on('error', (err) => this.trouble(err));
  }

  onRecovered(listener: () => void): void {
    this.recovered.push(listener);
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async whenIdle(): Promise<void> {
    while (!this.stop.signal.aborted) {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    }
  }

  async close(): Promise<void> {
    this.stop.abort();
    const bounded = (work: Promise<unknown>, ms = CLOSE_WAIT_MS) =>
      withTimeout(work, ms, () => new Error('closing the job queue')).catch(() => undefined);
    // Waits for the job in hand, whose handler gives it back on the abort; one that
    // does not end in time is left to its lock (another instance takes it over).
    // With Redis unreachable nothing can be given back, and every step below would
    // wait for it to return: each is bounded, so a server stops while Redis is down.
    const reachable = this.connection.status === 'ready';
    const worker = this.worker;
    if (worker) {
      const closed = reachable
        ? await withTimeout(worker.close(), CLOSE_WAIT_MS, () => new Error('job in hand')).then(
            () => true,
            () => false,
          )
        : false;
      if (!closed) await bounded(worker.close(true), CLOSE_FORCED_MS);
    }
    await bounded(this.queue.close(), reachable ? CLOSE_WAIT_MS : CLOSE_FORCED_MS);
    if (this.connection.status === 'ready') await bounded(this.connection.quit(), CLOSE_FORCED_MS);
    this.connection.disconnect();
  }

  private async run(job: Job<Envelope<T>>, token: string | undefined, handler: JobHandler<T>) {
    const { policy } = this.opts;
    try {
      await handler(job.data.payload, { attempt: job.attemptsMade + 1, signal: this.stop.signal });
    } catch (err) {
      if (err instanceof JobPostponed) {
        // Back in the queue at once for any worker, this try not counted.
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      const failures = job.data.failures + (policy.isOutage(err) ? 0 : 1);
      if (failures > policy.maxFailures) throw new UnrecoverableError(messageOf(err));
      await job.updateData({ ...job.data, failures });
      throw err;
    }
  }

  private trouble(err: unknown): void {
    if (this.connectionTrouble || this.stop.signal.aborted) return;
    this.connectionTrouble = true;
    this.opts.log.error(`Job queue ${this.opts.name}: Redis trouble (retrying)`, err);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
