import { configureStore, createAction, Tuple, type Middleware } from '@reduxjs/toolkit';

/** The replayer moved to another position; the payload is the state there. */
export const replayPositionShown = createAction<unknown>('replay/positionShown');

/** What a screen gets back from dispatch during replay: it never settles and does nothing. */
const never = () => new Promise<never>(() => undefined);
const DATA_KEYS = new Set(['then', 'requestId', 'arg', 'queryCacheKey', 'subscriptionOptions']);
export const inertResult: unknown = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' && DATA_KEYS.has(key) ? undefined : never) },
);

/**
 * Everything the screens dispatch while being replayed (intents to connect,
 * fetch, send, save…) stops here: nothing reaches a reducer, a socket or the
 * network. Only the replayer's own action changes what they show.
 */
const swallowScreenActions: Middleware = () => (next) => (action) =>
  replayPositionShown.match(action) ? next(action) : inertResult;

/** An isolated store for the replayed screens: its state is whatever the replayer shows. */
export function makeReplayStore(initial: unknown) {
  // Typed loosely on purpose: its state is whatever RootState the log recorded.
  return configureStore({
    reducer: (state: unknown, action) =>
      replayPositionShown.match(action) ? action.payload : (state ?? initial),
    middleware: () => new Tuple(swallowScreenActions),
    devTools: false,
  });
}
