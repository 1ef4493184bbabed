import {
  combineSlices,
  configureStore,
  type Middleware,
  type StoreEnhancer,
} from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { DEFAULT_CLIENT_VERSION } from '../../protocol';
import { baseApi } from '../api/baseApi';
import { passSocketFramesMiddleware, passSocketFramesReducer } from '../api/passSocketFrames';
import { authSlice } from '../features/auth/authSlice';
import { connectionSlice } from '../ws/connectionSlice';
import { browserDictationDeps } from '../features/dictation/browserDictation';
import {
  createDictationMiddleware,
  type DictationDeps,
} from '../features/dictation/dictationMiddleware';
import { dictationSlice } from '../features/dictation/dictationSlice';
import { flashReducer } from '../features/flash/flashSlice';
import { flowSlice } from '../features/flow/flowSlice';
import { worldSlice } from '../features/world/worldSlice';
import { workspaceReducer } from '../features/workspace/workspaceSlice';
import { sidebarSlice } from '../features/workspace/sidebar/sidebarSlice';
import { managementSlice } from '../features/workspaceManagement/managementSlice';
import { pageViewSlice } from '../features/pages/pageViewSlice';
import type { SagaContext } from '../sagas/context';
import { rootSaga } from '../sagas/rootSaga';
import { getBrowserId } from '../ws/browserId';
import { createCogMiddleware, type CogMiddlewareDeps } from '../ws/cogMiddleware';
import { cogSocketUrl } from '../ws/cogUrl';
import {
  browserDownload,
  createActionRecorder,
  type ActionRecorderDeps,
} from './actionLog/recorder';
import { devToolsOptions } from './devtools';
import { createAppListenerMiddleware } from './listenerMiddleware';

export const rootReducer = combineSlices(
  { [baseApi.reducerPath]: passSocketFramesReducer(baseApi.reducer) },
  authSlice,
  connectionSlice,
  { flash: flashReducer },
  worldSlice,
  { workspace: workspaceReducer },
  sidebarSlice,
  managementSlice,
  pageViewSlice,
  flowSlice,
  dictationSlice,
);
export type RootState = ReturnType<typeof rootReducer>;

/** The browser's real socket; tests inject a fake WebSocket and timers instead. */
export function browserCogDeps(): CogMiddlewareDeps {
  const browserId = getBrowserId();
  return {
    WebSocketImpl: WebSocket,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    browserId: () => browserId,
    urlFor: (worldId) =>
      cogSocketUrl(window.location, {
        browserId,
        worldId,
        version: DEFAULT_CLIENT_VERSION,
      }),
  };
}

/** One store per app (and per test): makeStore(preloadedState) (STYLE 1, 10). */
export function makeStore(
  preloadedState?: Partial<RootState>,
  options: {
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
  } = {},
) {
  const cogMiddleware = createCogMiddleware(options.cog ?? browserCogDeps());
  const actionLog = createActionRecorder({ download: browserDownload, ...options.actionLog });
  const listenerMiddleware = createAppListenerMiddleware();
  // The router is made before the store and hands its navigate in; tests pass a recorder.
  const context: SagaContext = { navigate: options.navigate ?? (() => undefined) };
  const sagaMiddleware = createSagaMiddleware({ context });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({
        // Development-only checks walk the whole state per action; the transcript can hold
        // 10,000 messages and is replaced immutably by its own reducer, so they skip it.
        serializableCheck: { ignoredPaths: ['workspace.messages'] },
        immutableCheck: { ignoredPaths: ['workspace.messages'] },
      })
        // The cog middleware goes first so `dispatch(cogRequest(...))` is typed as its promise.
        .prepend(cogMiddleware, listenerMiddleware.middleware)
        .concat(passSocketFramesMiddleware(baseApi.middleware), sagaMiddleware)
        .concat(createDictationMiddleware(options.dictation ?? browserDictationDeps()))
        // Last but the tests' own: it records exactly the actions that reach the reducers.
        .concat(options.withoutActionLog ? [] : [actionLog.middleware])
        .concat(options.extraMiddleware ?? []),
    // DevTools stay on in production builds too: support and developers inspect live sessions.
    devTools: devToolsOptions,
    enhancers: (getDefault) => getDefault().concat(options.enhancers ?? []),
  });
  sagaMiddleware.run(rootSaga);
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
