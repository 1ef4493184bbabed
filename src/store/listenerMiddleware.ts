import { addListener, createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import { addBrowserAppsListeners } from '../features/apps/browserAppsListeners';
import { addSessionListeners } from '../features/auth/sessionListeners';
import { addDictationListeners } from '../features/dictation/dictationListeners';
import { addDriveUndoListeners } from '../features/drives/manage/driveUndo';
import { addSidebarListeners } from '../features/workspace/sidebar/sidebarListeners';
import type { AppDispatch, RootState } from './store';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

/** Every feature's reactive side effects (STYLE 8), registered on each new store's own middleware. */
const featureListeners: ((start: AppStartListening) => void)[] = [
  addBrowserAppsListeners,
  addSessionListeners,
  addDictationListeners,
  addSidebarListeners,
  addDriveUndoListeners,
];

export function createAppListenerMiddleware() {
  const middleware = createListenerMiddleware();
  const start = middleware.startListening as AppStartListening;
  for (const add of featureListeners) add(start);
  return middleware;
}

export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
