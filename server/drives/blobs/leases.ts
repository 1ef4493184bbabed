import { randomBytes } from 'node:crypto';
import { hostKey, processRuns } from '../../cog/host';
import type { BlobLeasesRepository, BlobWriterRow } from '../../store/blobLeases';

/** How often a writer says it is alive. */
export const WRITER_HEARTBEAT_MS = 30_000;
/**
 * A writer not heard from for this long is dead and its leases count no
 * more. Generous: heartbeats are written with each host's clock, which may
 * be a little off another's.
 */
export const WRITER_TTL_MS = 5 * 60_000;

/** A lease on one blob: it stays until released (or its writer dies). */
export interface BlobLease {
  hash: string;
  release(): Promise<void>;
}

/**
 * This process as a blob writer, shared with every other through the store:
 * a heartbeat row and a lease per blob it is committing. Any instance's
 * sweep leaves a blob alone while a live writer leases it.
 */
export class BlobLeases {
  readonly writer: Omit<BlobWriterRow, 'seen_at'>;
  /** Settles once this writer is registered; never rejects (a failed beat is logged). */
  readonly ready: Promise<void>;
  private readonly timer: NodeJS.Timeout;
  private readonly ttlMs: number;
  /** The heartbeat being written, so that closing waits for it. */
  private beating: Promise<void>;

  constructor(
    private readonly repo: BlobLeasesRepository,
    private readonly opts: {
      log(message: string, err: unknown): void;
      heartbeatMs?: number;
      ttlMs?: number;
    },
  ) {
    this.writer = {
      id: randomBytes(8).toString('hex'),
      host: hostKey(),
      pid: process.pid,
      started_at: Math.round(performance.timeOrigin),
    };
    this.ttlMs = opts.ttlMs ?? WRITER_TTL_MS;
    this.ready = this.beating = this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() => this.beat());
    }, opts.heartbeatMs ?? WRITER_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Leases `hash` to this writer; the blob may be written (or found) once this resolves. */
  async take(hash: string): Promise<BlobLease> {
    const id = await this.repo.take(this.writer, hash, Date.now());
    return { hash, release: () => this.repo.release(id) };
  }

  /** A drive file refers to the blob, or a live writer (this one or another) leases it. */
  isWanted(hash: string): Promise<boolean> {
    return this.repo.isWanted(hash, Date.now() - this.ttlMs);
  }

  /**
   * Forgets writers that are gone: not heard from within the TTL, or on this
   * host (hostKey) with no process under their pid any more (a kill -9, a crash), or
   * under this process's own pid but started at another time (an earlier life
   * of this container, pid 1 again). Returns the writers alive now and those
   * just forgotten.
   */
  async forgetDead(): Promise<{ alive: Set<string>; dead: Set<string> }> {
    const liveSince = Date.now() - this.ttlMs;
    const alive = new Set<string>([this.writer.id]);
    const dead = new Set<string>();
    for (const w of await this.repo.writers()) {
      if (w.id === this.writer.id) continue;
      const here = w.host === this.writer.host;
      const gone =
        w.seen_at < liveSince ||
        (here &&
          (w.pid === this.writer.pid
            ? w.started_at !== this.writer.started_at
            : !processRuns(w.pid)));
      (gone ? dead : alive).add(w.id);
    }
    await this.repo.forget([...dead]);
    return { alive, dead };
  }

  /** Stops the heartbeat and withdraws this writer (its leases went with their uploads). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.repo
      .forget([this.writer.id])
      .catch((err: unknown) => this.opts.log('Withdrawing the blob writer failed:', err));
  }

  private async beat(): Promise<void> {
    try {
      await this.repo.beat(this.writer, Date.now());
    } catch (err) {
      this.opts.log('The blob writer heartbeat failed:', err);
    }
  }
}
