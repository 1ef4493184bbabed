import { removeUnwanted } from './blobs/collect';
import type { BlobLeases } from './blobs/leases';
import { removeDeadTempFiles } from './blobs/tempFiles';
import { parseQuarantined, type BlobStore } from './blobs/types';

/** Blobs looked at between two yields to the event loop, so a huge store never stalls it. */
const BATCH = 256;
/**
 * A blob left in quarantine is dealt with only once no sweep can still be
 * working on it (a sweep holds one for two store round trips).
 */
const STRAY_AGE_MS = 10 * 60_000;

export interface OrphanSweepDeps {
  blobs: BlobStore;
  leases: Pick<BlobLeases, 'isWanted' | 'forgetDead'>;
  /** True once the server is closing: the sweep stops before the store closes under it. */
  stopped?(): boolean;
}

export interface SweepOutcome {
  removed: number;
  kept: number;
}

/**
 * Removes blobs nothing refers to: what a crash (kill -9 between an upload's
 * write and its commit) leaves behind, in this instance or any other sharing
 * the blob store. A blob is kept when a drive file refers to it, when a live
 * writer of any instance leases it (blobs/leases.ts), or when it was written
 * at or after `olderThan`; removal goes through quarantine (blobs/collect.ts),
 * so a lease taken while the sweep asks is never lost. Temp files of dead
 * writers, blobs a stopped sweep left in quarantine and (S3) abandoned
 * multipart uploads go too.
 */
export async function sweepOrphanBlobs(
  deps: OrphanSweepDeps,
  olderThan: number,
): Promise<SweepOutcome> {
  const { blobs, leases } = deps;
  const started = Date.now();
  await removeDeadTempFiles(blobs.tmpDir, await leases.forgetDead(), started);
  let removed = 0;
  let kept = 0;
  let seen = 0;
  const isWanted = (hash: string) => leases.isWanted(hash);
  for await (const blob of blobs.list()) {
    if (++seen % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    if (deps.stopped?.()) return { removed, kept };
    if (blob.modifiedMs >= olderThan || !(await removeUnwanted(blobs, isWanted, blob.hash))) kept++;
    else removed++;
  }
  for await (const quarantined of blobs.quarantined()) {
    if (deps.stopped?.()) return { removed, kept };
    const { hash, since } = parseQuarantined(quarantined)!;
    if (since >= Date.now() - STRAY_AGE_MS) continue;
    if (await leases.isWanted(hash)) await blobs.restore(quarantined);
    else await blobs.discard(quarantined);
  }
  if (!deps.stopped?.()) await blobs.removeAbandonedUploads(Date.now() - ORPHAN_GRACE_MS);
  return { removed, kept };
}

/** How often orphans are looked for while running, and how old one must be to go then. */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Sweeps at start (every unreferenced, unleased blob older than this process
 * is a leftover: whatever another instance is committing, it leases) and then
 * every hour with an hour's grace, for blobs a failed commit could not remove.
 */
export class OrphanBlobSweeper {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Settles when the sweep at start is done (tests, the bench); never rejects. */
  readonly firstSweep: Promise<SweepOutcome>;

  constructor(
    private readonly deps: OrphanSweepDeps & { onError(err: unknown): void },
    everyMs = ORPHAN_SWEEP_EVERY_MS,
  ) {
    this.firstSweep = this.run(Date.now());
    this.timer = setInterval(() => void this.run(Date.now() - ORPHAN_GRACE_MS), everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep at a time; a failure is reported, never thrown (nobody may be awaiting it). */
  run(olderThan: number): Promise<SweepOutcome> {
    const sweep = this.running.then(() =>
      sweepOrphanBlobs({ ...this.deps, stopped: () => this.closed }, olderThan).catch(
        (err: unknown) => {
          this.deps.onError(err);
          return { removed: 0, kept: 0 };
        },
      ),
    );
    this.running = sweep;
    return sweep;
  }
}
