import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

const SOCKET_FRAME_PREFIX = 'cog/in/';

function isSocketFrame(action: unknown): boolean {
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.startsWith(SOCKET_FRAME_PREFIX);
}

/*
 * RTK Query acts on its own `api/…` and `__rtkq/…` actions and on actions
 * carrying rehydration info, which baseApi never extracts (no
 * extractRehydrationInfo). Asking about rehydration is not free: its reducer
 * and middleware memoise the answer per action in WeakMaps, garbage the GC
 * then has to trace for every socket frame (reduxjs/reselect#635). Inbound
 * frames, the bulk of all actions, go around it.
 */

/** baseApi's reducer, returning its state as it is for an inbound socket frame. */
export function passSocketFramesReducer<S>(reducer: Reducer<S>): Reducer<S> {
  return (state, action: UnknownAction) =>
    state !== undefined && isSocketFrame(action) ? state : reducer(state, action);
}

/** baseApi's middleware, handing inbound socket frames straight on. */
export function passSocketFramesMiddleware<M extends Middleware>(middleware: M): M {
  const wrapped: Middleware = (api) => {
    const chain = middleware(api);
    return (next) => {
      const handle = chain(next);
      return (action) => (isSocketFrame(action) ? next(action) : handle(action));
    };
  };
  return wrapped as M;
}
