import type { RawData, WebSocket } from 'ws';

/** Messages waiting for their turn before the socket is paused (its data stays in the kernel). */
const PAUSE_AT = 64;
const RESUME_AT = 16;

/**
 * Hands a socket's messages to `handle` one after another, in the order they
 * came, each only once `gate` (an awaited access check) said yes and the
 * previous one's `handle` settled. A check or a handler that is slow must not
 * let a later frame overtake an earlier one, nor let a client pile up frames
 * in memory: past PAUSE_AT waiting the socket stops reading until the queue
 * drains.
 */
export function onOrderedMessages(
  socket: WebSocket,
  gate: () => Promise<boolean>,
  /** When it returns a promise, the next message waits until that settled. */
  handle: (data: RawData, isBinary: boolean) => unknown,
  onError: (err: unknown) => void,
): void {
  let chain: Promise<void> = Promise.resolve();
  let waiting = 0;
  let paused = false;
  socket.on('message', (data, isBinary) => {
    waiting++;
    if (!paused && waiting >= PAUSE_AT) {
      paused = true;
      socket.pause();
    }
    chain = chain
      .then(async () => {
        if (await gate()) await handle(data, isBinary);
      })
      .catch(onError)
      .finally(() => {
        waiting--;
        if (paused && waiting <= RESUME_AT) {
          paused = false;
          socket.resume();
        }
      });
  });
}
