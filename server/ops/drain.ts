import type { FastifyInstance } from 'fastify';
import { CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON } from '../../protocol';
import { HEALTH_PATH, READY_PATH } from './readiness';

/** What a request that reaches a draining server is told (503): another instance will serve it. */
export const DRAINING_ERROR = 'The server is restarting; try again in a moment';
/**
 * Once the deadline has passed and the rounds left were told to stop, how
 * long their failures may take to be stored before the sockets close anyway.
 */
const STOPPED_ROUNDS_GRACE_MS = 5_000;

export interface DrainDeps {
  app: FastifyInstance;
  /** How long rounds under way may take before they are stopped (DRAIN_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** The meeting rounds under way: waited for, and stopped at the deadline. */
  rounds: { size: number; settled(): Promise<void>; stop(): void };
  /** Closes every open socket (cog, app, audio) with this code and reason. */
  closeSockets(code: number, reason: string): void;
  /** Where the drain says what it does (the process's log). */
  say(line: string): void;
}

/**
 * Graceful drain, the first part of stopping on SIGTERM (server/main.ts).
 * Readiness turns false first, so a balancer stops sending work; the port
 * stops taking connections and requests on open ones get 503; meeting rounds
 * under way finish, up to the deadline, after which the ones left fail
 * visibly (and are stored); then every socket closes with 1012, which clients
 * take as "reconnect" — behind a balancer, to another instance. Closing the
 * app and the store comes after, in main.ts.
 */
export class Drain {
  private running?: Promise<void>;

  constructor(private readonly deps: DrainDeps) {
    // Before any route's own hooks and the socket admission: a draining server takes no new work.
    deps.app.addHook('onRequest', async (req, reply) => {
      if (!this.draining) return;
      // A kept-alive connection closes after this answer: the next request opens a new one,
      // which this port no longer takes (a balancer's, another instance).
      reply.header('connection', 'close');
      const path = req.url.split('?')[0];
      if (path === HEALTH_PATH || path === READY_PATH) return;
      return reply.code(503).send({ status: 'error', error: DRAINING_ERROR });
    });
  }

  get draining(): boolean {
    return this.running !== undefined;
  }

  /** Starts the drain (once; later calls wait for the same one) and settles when it is done. */
  run(): Promise<void> {
    this.running ??= this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    const { app, rounds, timeoutMs, say } = this.deps;
    // Listening stops now; the callback would wait for every open connection, so none is passed.
    if (app.server.listening) app.server.close();
    if (rounds.size > 0) {
      say(
        `Waiting up to ${timeoutMs / 1000} s for ${rounds.size} meeting round(s) under way to finish…`,
      );
      if (!(await within(rounds.settled(), timeoutMs))) {
        say(`Stopping the ${rounds.size} meeting round(s) still under way (drain deadline)`);
        rounds.stop();
        await within(rounds.settled(), STOPPED_ROUNDS_GRACE_MS);
      }
    }
    this.deps.closeSockets(CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON);
  }
}

/** True once `work` has settled, or false when `ms` pass first. */
function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}
