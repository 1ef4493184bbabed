/**
 * The message bus (DESIGN §4b "socket fan-out, revocations"): what one
 * instance publishes reaches the subscribers of that topic on every
 * instance, this one included, in the order it was published. One process
 * uses the in-process default; many processes share Redis behind the same
 * interface (REDIS_URL).
 *
 * A publisher never delivers to its own subscribers on the side: its
 * message comes back to it through the bus like everyone else's, so what
 * this instance's sockets see and what another instance's sockets see are
 * one sequence, delivered by one code path (`LocalDelivery`).
 */

export type BusListener = (message: unknown) => void;

/**
 * How far a published message reaches now:
 * - `in-process`: there is one instance, and it reaches all of it;
 * - `redis`: every instance that shares the Redis server;
 * - `degraded`: the shared bus is unreachable, so only this instance's own
 *   subscribers hear it (it reconnects by itself).
 */
export type FanOutState = 'in-process' | 'redis' | 'degraded';

export interface FanOutHealth {
  state: FanOutState;
  /** One line for people: the health endpoint and the console show it. */
  message: string;
}

export interface MessageBus {
  /**
   * Hands `message` (JSON-serialisable) to every subscriber of `topic` on
   * every instance the bus reaches now, this one included. Never throws for
   * a bus that is down: it then reaches this instance only.
   */
  publish(topic: string, message: unknown): void;
  /** Returns the function that ends the subscription. */
  subscribe(topic: string, listener: BusListener): () => void;
  health(): FanOutHealth;
  /** Hears every change of `health()`; returns the function that stops it. */
  onHealthChange(listener: (health: FanOutHealth) => void): () => void;
  /** Stops delivering and lets go of its connections. */
  close(): Promise<void>;
}

export const IN_PROCESS_HEALTH: FanOutHealth = {
  state: 'in-process',
  message: 'One instance: messages reach every socket of this process',
};

export const REDIS_HEALTH: FanOutHealth = {
  state: 'redis',
  message: 'Messages reach the sockets of every instance through Redis',
};

export const DEGRADED_HEALTH: FanOutHealth = {
  state: 'degraded',
  message:
    'Fan-out degraded: Redis is unreachable, so messages reach only the sockets on this instance (reconnecting)',
};
