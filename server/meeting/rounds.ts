import { setMaxListeners } from 'node:events';

/** What an expert still at work when the server stops says instead of its answer. */
export const STOPPED_BEFORE_ANSWER =
  'The server stopped before this answer was finished; ask again in a moment';

/**
 * The meeting rounds under way in this process, so that a server that is
 * stopping (SIGTERM: server/ops/drain.ts) lets them finish, and at its
 * deadline stops the ones left, which then fail visibly and are stored.
 */
export class MeetingRounds {
  private readonly running = new Set<Promise<void>>();
  private readonly stopper = new AbortController();

  constructor() {
    // Every expert at work listens to it: many rounds at once are no leak.
    setMaxListeners(0, this.stopper.signal);
  }

  /** Aborted by stop(): every expert still at work gives up with STOPPED_BEFORE_ANSWER. */
  get stopping(): AbortSignal {
    return this.stopper.signal;
  }

  /** Rounds under way now. */
  get size(): number {
    return this.running.size;
  }

  /** The round `work` is (from the question arriving to its last answer stored) counts until it settles. */
  hold(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(done);
    void done.then(() => this.running.delete(done));
  }

  /** Resolves once no round is under way, counting rounds that start meanwhile. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Experts still at work stop now and report STOPPED_BEFORE_ANSWER. */
  stop(): void {
    this.stopper.abort();
  }
}
