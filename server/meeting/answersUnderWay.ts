import { randomBytes } from 'node:crypto';
import { hostKey, processRuns } from '../cog/host';
import type {
  AnswersUnderWayRepository,
  AnswerUnderWayRow,
  MeetingInstanceRow,
} from '../store/answersUnderWay';

/** What an instance records about an answer when its round starts. */
export type AnswerStarting = Omit<AnswerUnderWayRow, 'instance_id' | 'started_at'>;

/**
 * This process as a meeting instance, shared with every other through the
 * store: a heartbeat row, and a row per expert answer it has under way. An
 * instance that is gone (kill -9, a crashed machine) leaves answers that can
 * never finish; every live instance sweeps for them and hands each one, once
 * across the cluster, to `onOrphans`, which ends it failed in the transcript.
 *
 * Bound: an instance beats every fifth of `timeoutMs` and is gone once not
 * heard from for `timeoutMs`; sweeps run every fifth too, so an orphan ends
 * within 1.4 × `timeoutMs` of the crash, and within a fifth of it when the
 * dead process was on the sweeper's own host (its pid no longer runs).
 */
export class AnswersUnderWay {
  readonly instance: Omit<MeetingInstanceRow, 'seen_at'>;
  private readonly everyMs: number;
  private timer: NodeJS.Timeout | undefined;
  private onOrphans: ((rows: AnswerUnderWayRow[]) => Promise<void>) | undefined;
  /** The beat and sweep under way, so that closing waits for it. */
  private working: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: AnswersUnderWayRepository,
    private readonly opts: { timeoutMs: number; log(message: string, err: unknown): void },
  ) {
    this.instance = {
      id: randomBytes(8).toString('hex'),
      host: hostKey(),
      pid: process.pid,
      started_at: Math.round(performance.timeOrigin),
    };
    this.everyMs = Math.max(50, Math.round(opts.timeoutMs / 5));
  }

  /**
   * Starts the heartbeat and the sweep: orphans found go to `onOrphans`. The
   * first beat and sweep run now (a restarted instance ends its earlier
   * life's answers at once); resolves once they are done.
   */
  watch(onOrphans: (rows: AnswerUnderWayRow[]) => Promise<void>): Promise<void> {
    this.onOrphans = onOrphans;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    return this.tick();
  }

  /** The rows recording the answers of a round starting on this instance (stored with its question). */
  rows(answers: AnswerStarting[]): AnswerUnderWayRow[] {
    const now = Date.now();
    return answers.map((a) => ({ ...a, instance_id: this.instance.id, started_at: now }));
  }

  /** Strikes an answer off once it (or its failure) is stored; a failure is logged. */
  async end(answerId: string): Promise<void> {
    try {
      await this.repo.end(answerId);
    } catch (err) {
      // Left behind, it is claimed by a sweep once this instance is gone and ends failed there;
      // its stored answer keeps its place (the failure's message id is the answer's).
      this.opts.log('An answer under way was not struck off', err);
    }
  }

  /** Stops beating and withdraws this instance; answers it still had are claimed by the others. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.working;
    await this.repo.forget([this.instance.id]).catch((err: unknown) => {
      this.opts.log('This instance was not withdrawn from the store', err);
    });
  }

  private tick(): Promise<void> {
    this.working = this.working.then(async () => {
      try {
        await this.repo.beat(this.instance, Date.now());
        const orphans = await this.repo.claimOrphans([...(await this.alive())]);
        if (orphans.length) await this.onOrphans?.(orphans);
      } catch (err) {
        this.opts.log('The check for answers left by a stopped instance failed', err);
      }
    });
    return this.working;
  }

  /**
   * The instances alive now; forgets those that are not: not heard from
   * within the timeout, or on this host with no process under their pid (or
   * under this pid but started at another time: an earlier life of this
   * container, pid 1 again).
   */
  private async alive(): Promise<Set<string>> {
    const liveSince = Date.now() - this.opts.timeoutMs;
    const alive = new Set<string>([this.instance.id]);
    const dead: string[] = [];
    for (const other of await this.repo.instances()) {
      if (other.id === this.instance.id) continue;
      const here = other.host === this.instance.host;
      const gone =
        other.seen_at < liveSince ||
        (here &&
          (other.pid === this.instance.pid
            ? other.started_at !== this.instance.started_at
            : !processRuns(other.pid)));
      if (gone) dead.push(other.id);
      else alive.add(other.id);
    }
    await this.repo.forget(dead);
    return alive;
  }
}
