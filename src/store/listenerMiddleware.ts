import { addListener, createListenerMiddleware, type TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

/** One feature's reactive side effects (STYLE 8). */
export type FeatureListeners = (start: AppStartListening) => void;

/**
 * A new store's own listener middleware with these features' listeners; the
 * signed-in pages' features add theirs when their code has loaded
 * (store/signedInParts.ts).
 */
export function createAppListenerMiddleware(featureListeners: FeatureListeners[]) {
  const middleware = createListenerMiddleware();
  for (const add of featureListeners) add(middleware.startListening as AppStartListening);
  return middleware;
}

export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
