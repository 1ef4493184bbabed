import { JobPostponed, type JobHandler, type JobQueue, type RetryPolicy } from './jobQueue';

/** Finished jobs remembered (so the same id added again is not run again); the oldest are forgotten. */
const REMEMBERED_FINISHED = 10_000;

interface Entry<T> {
  data: T;
  state: 'waiting' | 'active' | 'delayed' | 'done' | 'failed';
  tries: number;
  failures: number;
  timer?: NodeJS.Timeout;
}

/**
 * The queue of one process (no REDIS_URL): jobs run one at a time in the
 * order queued, each after a turn of the event loop; a failed one waits on
 * a timer for its retry. It lives and dies with the process: the caller
 * queues what is left undone again when it starts.
 */
export class InProcessQueue<T> implements JobQueue<T> {
  readonly kind = 'in-process' as const;
  private readonly jobs = new Map<string, Entry<T>>();
  private readonly waiting: string[] = [];
  private handler: JobHandler<T> | null = null;
  private running: Promise<void> | null = null;
  private readonly stop = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly policy: RetryPolicy) {}

  async add(id: string, data: T): Promise<void> {
    if (this.jobs.has(id) || this.stop.signal.aborted) return;
    this.jobs.set(id, { data, state: 'waiting', tries: 0, failures: 0 });
    this.push(id);
  }

  async requeue(id: string, data: T): Promise<void> {
    const known = this.jobs.get(id);
    if (known?.state === 'active' || known?.state === 'waiting') return;
    clearTimeout(known?.timer);
    this.jobs.delete(id);
    await this.add(id, data);
  }

  work(handler: JobHandler<T>): void {
    this.handler = handler;
    this.kick();
  }

  async depth(): Promise<number> {
    let n = 0;
    for (const e of this.jobs.values()) if (e.state !== 'done' && e.state !== 'failed') n++;
    return n;
  }

  onRecovered(): void {
    // Nothing to lose a connection to.
  }

  whenIdle(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.waiting.length = 0;
    for (const e of this.jobs.values()) clearTimeout(e.timer);
    await this.running;
    this.settleIdle();
  }

  private push(id: string): void {
    this.waiting.push(id);
    this.kick();
  }

  private kick(): void {
    if (this.handler && !this.running && this.waiting.length > 0) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0 && !this.stop.signal.aborted) {
        const id = this.waiting.shift()!;
        // A turn of the loop between jobs: requests and sockets are served in between.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.stop.signal.aborted) break;
        await this.runOne(id);
      }
    } finally {
      this.running = null;
      this.settleIdle();
    }
  }

  private async runOne(id: string): Promise<void> {
    const entry = this.jobs.get(id);
    if (!entry || entry.state !== 'waiting') return;
    entry.state = 'active';
    entry.tries++;
    try {
      await this.handler!(entry.data, { attempt: entry.tries, signal: this.stop.signal });
      entry.state = 'done';
      this.forgetOldFinished();
    } catch (err) {
      if (err instanceof JobPostponed) {
        entry.tries--;
        entry.state = 'waiting';
        return; // the process is stopping: the caller queues it again on the next start
      }
      if (!this.policy.isOutage(err)) entry.failures++;
      if (entry.failures > this.policy.maxFailures || this.stop.signal.aborted) {
        entry.state = 'failed';
        return;
      }
      entry.state = 'delayed';
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        entry.state = 'waiting';
        this.push(id);
      }, this.policy.delayMs(entry.tries));
      entry.timer.unref();
    }
  }

  private forgetOldFinished(): void {
    if (this.jobs.size <= REMEMBERED_FINISHED) return;
    for (const [id, e] of this.jobs) {
      if (this.jobs.size <= REMEMBERED_FINISHED) break;
      if (e.state === 'done' || e.state === 'failed') this.jobs.delete(id);
    }
  }

  private settleIdle(): void {
    if (this.running || (this.waiting.length > 0 && !this.stop.signal.aborted)) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
