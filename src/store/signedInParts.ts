import type { Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { DEFAULT_CLIENT_VERSION } from '../../protocol';
import { addBrowserAppsListeners } from '../features/apps/browserAppsListeners';
import { browserDictationDeps } from '../features/dictation/browserDictation';
import { addDictationListeners } from '../features/dictation/dictationListeners';
import { createDictationMiddleware } from '../features/dictation/dictationMiddleware';
import { dictationSlice } from '../features/dictation/dictationSlice';
import { addDriveUndoListeners } from '../features/drives/manage/driveUndo';
import { flowSlice } from '../features/flow/flowSlice';
import { pageViewSlice } from '../features/pages/pageViewSlice';
import { addSidebarListeners } from '../features/workspace/sidebar/sidebarListeners';
import { sidebarSlice } from '../features/workspace/sidebar/sidebarSlice';
import { workspaceReducer } from '../features/workspace/workspaceSlice';
import { managementSlice } from '../features/workspaceManagement/managementSlice';
import { worldSlice } from '../features/world/worldSlice';
import type { SagaContext } from '../sagas/context';
import { rootSaga } from '../sagas/rootSaga';
import { getBrowserId } from '../ws/browserId';
import { createCogMiddleware, type CogMiddlewareDeps } from '../ws/cogMiddleware';
import { cogSocketUrl } from '../ws/cogUrl';
import { connectionReducer } from '../ws/connectionSlice';
import { signedOutReducer, takeSignedInSlots } from './baseStore';
import type { FeatureListeners } from './listenerMiddleware';
import type { AppStore, RootState } from './store';

/**
 * The whole app's reducer: the signed-out one with the signed-in pages'
 * slices injected. Evaluating this module injects them (into the one shared
 * reducer, for every store); a store made before then takes them on in
 * addSignedInParts.
 */
export const rootReducer = signedOutReducer
  .inject({ reducerPath: 'connection', reducer: connectionReducer })
  .inject(worldSlice)
  .inject({ reducerPath: 'workspace', reducer: workspaceReducer })
  .inject(sidebarSlice)
  .inject(managementSlice)
  .inject(pageViewSlice)
  .inject(flowSlice)
  .inject(dictationSlice);

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

/** The signed-in pages' reactive side effects (the session's are in from the start). */
const signedInListeners: FeatureListeners[] = [
  addBrowserAppsListeners,
  addDictationListeners,
  addSidebarListeners,
  addDriveUndoListeners,
];

/**
 * Adds to a store made by makeBaseStore what only signed-in pages use: their
 * slices, the cog socket middleware, the sagas, dictation and their
 * listeners. Once per store; a second call does nothing.
 */
export function addSignedInParts(store: AppStore): void {
  const slots = takeSignedInSlots(store);
  if (!slots) return;
  const { options } = slots;
  // Redux's own REPLACE action (not through middleware, so not in the action log) gives the
  // injected slices their initial state now rather than at the next action.
  store.replaceReducer(rootReducer as unknown as Reducer<RootState>);
  slots.beforeListeners.fill(createCogMiddleware(options.cog ?? browserCogDeps()));
  // The router is made before the store and hands its navigate in; tests pass a recorder.
  const context: SagaContext = { navigate: options.navigate ?? (() => undefined) };
  const sagaMiddleware = createSagaMiddleware({ context });
  slots.afterApi.fill(
    sagaMiddleware,
    createDictationMiddleware(options.dictation ?? browserDictationDeps()),
  );
  for (const add of signedInListeners) add(slots.startListening);
  sagaMiddleware.run(rootSaga);
}
