import { Piscina } from 'piscina';
import type { ExtractOutcome, ExtractTask, WarmUpTask } from './extractWorker';

/** What one file's extraction may use before it is stopped. */
export interface ExtractLimits {
  /** Wall time of one file's extraction. */
  timeoutMs: number;
  /** The worker's JavaScript heap; as much again outside it (buffers) is tolerated. */
  memoryMb: number;
  /** A file that has to be read whole (a PDF) and is larger than this is not read at all. */
  maxBytes: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 20_000,
  memoryMb: 256,
  maxBytes: 100 * 1024 * 1024,
};

/** The pool was closed while a file was in hand: not the file's fault, it is tried again later. */
export class ExtractCancelled extends Error {}

/** How long a fresh worker may take to start and load the extractors. */
const WARM_UP_TIMEOUT_MS = 60_000;
/** How often the process's memory is checked while a file is being extracted. */
const MEMORY_CHECK_MS = 100;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export function timeoutError(limits: ExtractLimits): string {
  return `Not indexed: text extraction took longer than ${seconds(limits.timeoutMs)}`;
}

export function memoryError(limits: ExtractLimits): string {
  return `Not indexed: text extraction needed more than ${limits.memoryMb} MB of memory`;
}

/**
 * Text extraction off the event loop: one worker thread (piscina) runs one
 * file at a time under a time limit and a memory limit. A file that breaks a
 * limit has its worker terminated (piscina replaces it on the next task) and
 * comes back as an error outcome naming the limit; so does a worker that
 * crashed. The server's own thread only waits for a message.
 */
export class ExtractPool {
  private pool: Piscina | null = null;
  private closed = false;
  private readonly inHand = new Set<AbortController>();

  constructor(readonly limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS) {}

  /** The text of one file, or why it has none; ExtractCancelled when the pool closes meanwhile. */
  async extract(task: ExtractTask): Promise<ExtractOutcome> {
    const pool = this.open();
    try {
      // A new worker (the first, or one replacing a stopped or idle-retired one) loads tsx
      // and pdf.js first; that time is not the file's. On a ready worker this is one round trip.
      await this.run(pool, { warmUp: true }, { timeoutMs: WARM_UP_TIMEOUT_MS, watchMemory: false });
    } catch (err) {
      if (this.closed) throw new ExtractCancelled('The extraction pool closed');
      const message = err instanceof LimitBroken ? `its ${err.limit} limit` : errorText(err);
      return { error: `Not indexed: text extraction could not start (${message})` };
    }
    try {
      return (await this.run(pool, task, {
        timeoutMs: this.limits.timeoutMs,
        watchMemory: true,
      })) as ExtractOutcome;
    } catch (err) {
      if (err instanceof LimitBroken) {
        return {
          error: err.limit === 'time' ? timeoutError(this.limits) : memoryError(this.limits),
        };
      }
      if (this.closed) throw new ExtractCancelled('The extraction pool closed');
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        return { error: memoryError(this.limits) };
      return { error: `Not indexed: text extraction stopped unexpectedly (${errorText(err)})` };
    }
  }

  /** Stops the file in hand (its task ends in ExtractCancelled) and the worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const abort of this.inHand) abort.abort();
    await this.pool?.destroy();
    this.pool = null;
  }

  private open(): Piscina {
    if (this.closed) throw new ExtractCancelled('The extraction pool closed');
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: new URL('./extractWorkerEntry.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      // An idle server keeps no worker (and no pdf.js) in memory.
      idleTimeout: 30_000,
      // Not the server's flags (tsx's loader, Vitest's): the entry registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // A worker that dies with no task of its own (stopped for time just as it ran out of
    // memory) has already been answered for; unheard, piscina's 'error' would end the process.
    this.pool.on('error', () => {});
    return this.pool;
  }

  /**
   * One task under a time limit and, for a file, a memory watch. V8 stops
   * the worker when its heap passes the limit; buffers outside the heap
   * (pdf.js inflates streams into them) show only in the process's resident
   * memory, so that is watched too, with the heap limit again as allowance
   * over what it was when the file started (the worker already loaded).
   */
  private async run(
    pool: Piscina,
    task: ExtractTask | WarmUpTask,
    opts: { timeoutMs: number; watchMemory: boolean },
  ): Promise<ExtractOutcome | null> {
    const abort = new AbortController();
    let broken: LimitBroken | null = null;
    const stop = (limit: LimitBroken['limit']) => {
      broken ??= new LimitBroken(limit);
      abort.abort();
    };
    const baseline = process.memoryUsage.rss();
    const allowance = 2 * this.limits.memoryMb * 1024 * 1024;
    const timer = setTimeout(() => stop('time'), opts.timeoutMs);
    const watch = opts.watchMemory
      ? setInterval(() => {
          if (process.memoryUsage.rss() - baseline > allowance) stop('memory');
        }, MEMORY_CHECK_MS)
      : undefined;
    this.inHand.add(abort);
    try {
      return (await pool.run(task, { signal: abort.signal })) as ExtractOutcome | null;
    } catch (err) {
      throw broken ?? err;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
      this.inHand.delete(abort);
    }
  }
}

class LimitBroken extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(`extraction broke its ${limit} limit`);
  }
}
