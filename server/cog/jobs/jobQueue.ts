/**
 * Background work (DESIGN §4b "extraction, indexing"): jobs named by an id,
 * run once across every instance that shares the queue, retried with
 * backoff. One process uses the in-process default; many processes share a
 * BullMQ queue on Redis (REDIS_URL) behind the same interface.
 */

/** What a job's handler gets besides its data. */
export interface JobContext {
  /** 1 for the first run, then one more for each retry. */
  attempt: number;
  /** Aborted when this instance stops: the handler gives the job back (JobPostponed). */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

/**
 * Thrown by a handler that could not finish for a reason that is not the
 * job's (this instance is stopping): the job waits for the next worker,
 * on any instance, and the try is not counted.
 */
export class JobPostponed extends Error {
  constructor(message = 'The job was given back to the queue') {
    super(message);
  }
}

/** When a failed job runs again. */
export interface RetryPolicy {
  /** Failures of the job's own doing after which it is given up (it stays failed). */
  maxFailures: number;
  /** A failure that is not the job's doing (the store is unreachable): retried as long as it lasts. */
  isOutage(err: unknown): boolean;
  /** How long to wait before the next try after `tries` tries have failed. */
  delayMs(tries: number): number;
}

export type QueueKind = 'in-process' | 'redis';

export interface JobQueue<T> {
  readonly kind: QueueKind;
  /**
   * Queues `data` under `id`. Nothing happens while a job of that id is
   * known (waiting, running, waiting for a retry, failed, or recently done):
   * the same id added by several instances, or twice, runs once.
   */
  add(id: string, data: T): Promise<void>;
  /** Queues it again even if a job of that id finished or failed (a retry asked for); a running one is left alone. */
  requeue(id: string, data: T): Promise<void>;
  /** Starts running jobs on this instance, one at a time. */
  work(handler: JobHandler<T>): void;
  /** Jobs waiting, running or waiting for a retry: in the whole cluster for a shared queue. */
  depth(): Promise<number>;
  /** Resolves once no job is waiting or running (retries scheduled later do not count). */
  whenIdle(): Promise<void>;
  /**
   * Hears the shared queue come back after its connection was lost: jobs
   * added meanwhile, or lost with a Redis that restarted empty, may need
   * adding again (by id, so known ones are not run twice).
   */
  onRecovered(listener: () => void): void;
  /** Stops taking jobs; a running one's signal is aborted and it is waited for. */
  close(): Promise<void>;
}
