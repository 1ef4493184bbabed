import { configureStore, createAction, Tuple, type Middleware } from '@reduxjs/toolkit';
import { cogRequest } from '../../ws/cogActions';

/** The replayer moved to another position; the payload is the state there. */
export const replayPositionShown = createAction<unknown>('replay/positionShown');

/** What a screen gets back from dispatch during replay: it never settles and does nothing. */
const never = () => new Promise<never>(() => undefined);
// Fields RTK Query's hooks read from what dispatching a thunk returned; everything else is a method.
const DATA: Record<string, unknown> = {
  then: undefined,
  requestId: undefined,
  queryCacheKey: undefined,
  subscriptionOptions: undefined,
  arg: Object.freeze({ originalArgs: undefined }),
};
/** Not callable on purpose: a mutation hook keeps it with useState, which calls functions. */
export const inertResult: unknown = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' && key in DATA ? DATA[key] : never) },
);

/** What a plain action would have returned from the real middleware, minus the effect. */
function inertAnswer(action: unknown): unknown {
  if (typeof action === 'function') return inertResult; // a thunk (RTK Query and the like)
  const type = (action as { type?: unknown } | null)?.type;
  if (type === 'listenerMiddleware/add') return () => undefined; // an unsubscribe
  if (type === cogRequest.type) return never(); // a socket request's promise
  return action;
}

/**
 * Everything the screens dispatch while being replayed (intents to connect,
 * fetch, send, save…) stops here: nothing reaches a reducer, a socket or the
 * network. Only the replayer's own action changes what they show.
 */
const swallowScreenActions: Middleware = () => (next) => (action) =>
  replayPositionShown.match(action) ? next(action) : inertAnswer(action);

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
