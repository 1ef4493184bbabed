import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { StoreUnavailableError, type Store } from '../store';

/** Liveness: the process answers (never asks the store). */
export const HEALTH_PATH = '/api/health';
/** Readiness: a balancer may send this instance work. */
export const READY_PATH = '/api/ready';
/** How long readiness waits for the store before it says the store failed. */
export const STORE_PING_TIMEOUT_MS = 2_000;

/** What /api/ready answers: 200 `{ status: 'ready' }`, else 503 naming the check that failed. */
export type ReadinessBody =
  { status: 'ready' } | { status: 'not ready'; failed: 'draining' | 'store'; reason: string };

export interface ReadinessDeps {
  store: Pick<Store, 'ping'>;
  /** True once the server is stopping (SIGTERM): it takes no new work. */
  isDraining(): boolean;
  log: FastifyBaseLogger;
  pingTimeoutMs?: number;
}

/**
 * GET /api/ready for the load balancer's checks: 503 while the server drains
 * or when a cheap ping of the store fails or takes longer than 2 s, so the
 * balancer stops sending work here; 200 otherwise. /api/health stays the
 * liveness check: it answers as long as the process does.
 */
export function readinessRoute(app: FastifyInstance, deps: ReadinessDeps): void {
  const timeoutMs = deps.pingTimeoutMs ?? STORE_PING_TIMEOUT_MS;
  app.get(READY_PATH, async (_req, reply): Promise<ReadinessBody> => {
    reply.header('cache-control', 'no-store');
    if (deps.isDraining()) {
      reply.code(503);
      return { status: 'not ready', failed: 'draining', reason: 'The server is stopping' };
    }
    try {
      await deps.store.ping(timeoutMs);
      return { status: 'ready' };
    } catch (err) {
      deps.log.warn({ err }, 'readiness: the store did not answer');
      reply.code(503);
      // A store error's message is written for people; anything else stays in the log.
      const reason =
        err instanceof StoreUnavailableError ? err.message : 'The database did not answer';
      return { status: 'not ready', failed: 'store', reason };
    }
  });
}
