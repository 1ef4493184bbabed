import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { connectionReducer } from '../../../src/ws/connectionSlice';
import { createCogMiddleware, type CogMiddlewareDeps } from '../../../src/ws/cogMiddleware';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { fakeSockets } from './fakeWebSocket';

export const TEST_BROWSER_ID = 'browser-1';
export const testUrlFor = (worldId: string) => `ws://emgen.test/api/ws/cog?worldId=${worldId}`;

/**
 * A real store with the real cog middleware, a fake socket class and a
 * recorder that keeps every action in dispatch order. Call after
 * `vi.useFakeTimers()`.
 */
export function makeCogTestStore(overrides: Partial<CogMiddlewareDeps> = {}) {
  const { sockets, actions, recorder, cogMiddleware } = cogTestParts(overrides);
  const store = configureStore({
    reducer: { connection: connectionReducer },
    // Prepended (not concatenated) so that the middleware's dispatch overload
    // wins over the thunk's and `dispatch(cogRequest(...))` is typed as a promise.
    middleware: (gDM) => gDM().prepend(recorder, cogMiddleware),
  });
  return withHelpers(store, sockets, actions);
}

/** The same store with the cog middleware concatenated after the defaults. */
export function makeConcatCogTestStore(overrides: Partial<CogMiddlewareDeps> = {}) {
  const { sockets, actions, recorder, cogMiddleware } = cogTestParts(overrides);
  const store = configureStore({
    reducer: { connection: connectionReducer },
    middleware: (gDM) => gDM().concat(cogMiddleware).prepend(recorder),
  });
  return withHelpers(store, sockets, actions);
}

function cogTestParts(overrides: Partial<CogMiddlewareDeps>) {
  const sockets = fakeSockets();
  const actions: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const cogMiddleware = createCogMiddleware({
    WebSocketImpl: sockets.WebSocketImpl,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    urlFor: testUrlFor,
    browserId: () => TEST_BROWSER_ID,
    ...overrides,
  });
  return { sockets, actions, recorder, cogMiddleware };
}

function withHelpers<S>(
  store: S,
  sockets: ReturnType<typeof fakeSockets>,
  actions: UnknownAction[],
) {
  return {
    store,
    sockets,
    actions,
    /** Action types recorded so far. */
    types: () => actions.map((a) => a.type),
    /** Forget recorded actions, to assert the next sequence on its own. */
    clear: () => {
      actions.length = 0;
    },
  };
}

/** A test store whose socket to world w1 is already open, with the recorded actions cleared. */
export function connectedCogTestStore() {
  const t = makeCogTestStore();
  t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
  t.sockets.last().serverOpen();
  t.clear();
  return t;
}
