import {
  combineSlices,
  configureStore,
  type Middleware,
  type Reducer,
  type StoreEnhancer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { passSocketFramesMiddleware, passSocketFramesReducer } from '../api/passSocketFrames';
import { authSlice } from '../features/auth/authSlice';
import { addSessionListeners } from '../features/auth/sessionListeners';
import type { DictationDeps } from '../features/dictation/dictationMiddleware';
import { flashReducer } from '../features/flash/flashSlice';
import type { SagaContext } from '../sagas/context';
import type { CogDispatchExtension, CogMiddlewareDeps } from '../ws/cogMiddleware';
import {
  browserDownload,
  createActionRecorder,
  type ActionRecorderDeps,
} from './actionLog/recorder';
import { devToolsOptions } from './devtools';
import { createAppListenerMiddleware, type AppStartListening } from './listenerMiddleware';
import { createMiddlewareSlot } from './middlewareSlot';
import type { RootState } from './store';

/**
 * The slices every page needs, signed in or not. The signed-in pages' slices
 * are injected into this same reducer when their code loads
 * (store/signedInParts.ts), so /login does not download them (DESIGN §8).
 */
export const signedOutReducer = combineSlices(
  { [baseApi.reducerPath]: passSocketFramesReducer(baseApi.reducer) },
  authSlice,
  { flash: flashReducer },
);

export interface StoreOptions {
  cog?: CogMiddlewareDeps;
  /** Microphone, Web Audio and the audio socket; tests pass fakes. */
  dictation?: DictationDeps;
  navigate?: SagaContext['navigate'];
  /** Appended last, so it sees every plain action as it reaches the reducers (tests record with it). */
  extraMiddleware?: Middleware<object, RootState>[];
  /** The session log recorder's settings (tests keep the download instead of saving it). */
  actionLog?: Partial<ActionRecorderDeps>;
  /** The ingest bench's figure without the recorder, beside the one with it; the app always records. */
  withoutActionLog?: boolean;
  /** Added after Redux Toolkit's own enhancers: the remote DevTools one when configured (main.tsx). */
  enhancers?: StoreEnhancer[];
}

/** What a store keeps for its signed-in parts until they are added (once). */
export interface SignedInSlots {
  options: StoreOptions;
  /** First in the chain: the cog middleware. */
  beforeListeners: { fill(...added: Middleware[]): void };
  /** After RTK Query's: the saga and dictation middleware. */
  afterApi: { fill(...added: Middleware[]): void };
  startListening: AppStartListening;
}

const waitingForSignedInParts = new WeakMap<object, SignedInSlots>();

/**
 * The store as /login needs it: signed-out slices, RTK Query, the session
 * listeners, the action log and DevTools. Its middleware chain has empty
 * slots where the socket, saga and dictation middleware go, so that
 * addSignedInParts puts them exactly where makeStore always had them. Typed
 * as the whole app's store: no signed-in screen renders before the parts are
 * in (RequireAuth waits for them).
 */
export function makeBaseStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const beforeListeners = createMiddlewareSlot<CogDispatchExtension, RootState>();
  const afterApi = createMiddlewareSlot<object, RootState>();
  const actionLog = createActionRecorder({ download: browserDownload, ...options.actionLog });
  const listeners = createAppListenerMiddleware([addSessionListeners]);
  const store = configureStore({
    reducer: signedOutReducer as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // Development-only checks walk the whole state per action; the transcript can hold
        // 10,000 messages and is replaced immutably by its own reducer, so they skip it.
        serializableCheck: { ignoredPaths: ['workspace.messages'] },
        immutableCheck: { ignoredPaths: ['workspace.messages'] },
      })
        // The cog middleware goes first so `dispatch(cogRequest(...))` is typed as its promise.
        .prepend(beforeListeners.middleware, listeners.middleware)
        .concat(passSocketFramesMiddleware(baseApi.middleware), afterApi.middleware)
        // Last but the tests' own: it records exactly the actions that reach the reducers.
        .concat(options.withoutActionLog ? [] : [actionLog.middleware])
        .concat(options.extraMiddleware ?? []),
    // DevTools stay on in production builds too: support and developers inspect live sessions.
    devTools: devToolsOptions,
    enhancers: (getDefault) => getDefault().concat(options.enhancers ?? []),
  });
  waitingForSignedInParts.set(store, {
    options,
    beforeListeners,
    afterApi,
    startListening: listeners.startListening as AppStartListening,
  });
  return Object.assign(store, { actionLog });
}

/** Whether the signed-in parts are in this store already. */
export function hasSignedInParts(store: object): boolean {
  return !waitingForSignedInParts.has(store);
}

/** The slots to fill, handed out once per store (null once the parts are in). */
export function takeSignedInSlots(store: object): SignedInSlots | null {
  const slots = waitingForSignedInParts.get(store) ?? null;
  waitingForSignedInParts.delete(store);
  return slots;
}
