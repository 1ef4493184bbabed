import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const HASH = /^[0-9a-f]{64}$/;
/** Files looked at between two yields to the event loop, so a huge store never stalls it. */
const BATCH = 256;

export interface OrphanSweepDeps {
  /** `DATA_DIR/blobs`, laid out as `xx/<sha256>`. */
  root: string;
  /** A drive file (any world, any version kept) still points at these bytes. */
  isReferenced(hash: string): Promise<boolean>;
  /** This process received the blob and has not committed or released it yet. */
  isHeld(hash: string): boolean;
  /** How many holds this process has taken so far (any blob): grows with every upload. */
  holdsTaken(): number;
  /** True once the server is closing: the sweep stops before the store closes under it. */
  stopped?(): boolean;
}

/**
 * Removes blobs nothing refers to: what a crash (kill -9 between an upload's
 * write and its commit) leaves behind. A blob is kept when referenced, held,
 * or modified at or after `olderThan` — an upload in flight that this process
 * cannot see (e.g. the instant between the rename into place and the hold).
 *
 * Asking the store whether a blob is referenced is asynchronous, so a commit
 * of the same bytes may run while it answers. That is still safe: a commit
 * holds its blob before it writes the row and until the row is committed, so
 * a row the store could not see yet belongs to a blob that is either held
 * when the answer arrives or was held since the sweep looked — which the
 * count of holds shows. Both are checked again after the answer, and the
 * unlink follows synchronously, so nothing in this process slips in between.
 */
export interface SweepOutcome {
  removed: number;
  kept: number;
}

export async function sweepOrphanBlobs(
  deps: OrphanSweepDeps,
  olderThan: number,
): Promise<SweepOutcome> {
  let removed = 0;
  let kept = 0;
  let seen = 0;
  for (const prefix of await readdirOrEmpty(deps.root)) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    const dir = path.join(deps.root, prefix);
    for (const name of await readdirOrEmpty(dir)) {
      if (++seen % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
      if (deps.stopped?.()) return { removed, kept };
      if (!HASH.test(name) || !name.startsWith(prefix)) continue;
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile() || deps.stopped?.()) continue;
      const holds = deps.holdsTaken();
      if (stat.mtimeMs >= olderThan || deps.isHeld(name) || (await deps.isReferenced(name))) {
        kept++;
        continue;
      }
      if (deps.stopped?.()) return { removed, kept };
      if (deps.holdsTaken() !== holds || deps.isHeld(name)) {
        kept++; // perhaps committed while the store answered: the next sweep decides
        continue;
      }
      fs.rmSync(file, { force: true });
      removed++;
    }
  }
  return { removed, kept };
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir);
  } catch {
    return [];
  }
}

/** How often orphans are looked for while running, and how old one must be to go then. */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Sweeps at start (every blob older than this process and unreferenced is a
 * leftover: one process owns DATA_DIR) and then every hour with an hour's
 * grace, for blobs a failed commit could not remove.
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
  private run(olderThan: number): Promise<SweepOutcome> {
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
