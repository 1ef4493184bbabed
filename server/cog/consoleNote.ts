import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store';

export interface ConsoleEntry {
  app_name: string;
  from: string;
  message: string;
}

/**
 * Writes a console entry without waiting for it, for code that reports on
 * the side of its real work (a widget that failed, a refused link): a store
 * that cannot take the entry costs the entry and a log line, never the
 * answer or an unhandled rejection.
 */
export function noteInBackground(
  store: Pick<Store, 'console'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  worldId: string,
  entry: ConsoleEntry,
): void {
  store.console.appendInBackground(worldId, entry, (err) =>
    log.error({ err, entry }, 'console entry lost'),
  );
}
