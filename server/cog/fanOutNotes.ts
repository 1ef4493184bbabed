import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store';
import type { FanOutHealth, MessageBus } from './bus';
import { noteInBackground } from './consoleNote';

export const FAN_OUT_RESTORED =
  'Fan-out restored: Redis is reachable again, messages reach the sockets of every instance';

/** Which instance a note is from: several write the same words when Redis goes. */
const INSTANCE = `${os.hostname()}/${process.pid}`;

/**
 * Says in every world's console (and the log) when this instance's fan-out
 * becomes degraded, and when it is whole again. The console lives in the
 * store, not on the bus, so the note is there while Redis is gone.
 * Returns the function that stops listening.
 */
export function noteFanOutHealth(deps: {
  bus: MessageBus;
  store: Store;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}): () => void {
  const { bus, store, log } = deps;
  const note = (from: string, message: string) => {
    const entry = { app_name: 'emgen', from, message: `${message} (instance ${INSTANCE})` };
    store.worlds.list().then(
      (worlds) => {
        for (const w of worlds) noteInBackground(store, log, w.id, entry);
      },
      (err: unknown) => log.error({ err, entry }, 'console entry lost'),
    );
  };
  let degraded = false;
  const heard = (health: FanOutHealth) => {
    if (health.state === 'degraded') {
      if (degraded) return;
      degraded = true;
      log.warn(health.message);
      note('bus.warning', health.message);
    } else if (degraded) {
      degraded = false;
      log.info(FAN_OUT_RESTORED);
      note('system', FAN_OUT_RESTORED);
    }
  };
  heard(bus.health());
  return bus.onHealthChange(heard);
}
