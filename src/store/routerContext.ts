import { RouterContextProvider, createContext } from 'react-router-dom';
import type { AppStore } from './store';

/**
 * The page's store, for route loaders: what a loader starts (the session
 * check) begins as the route matches, before anything renders. Null where a
 * router was made without it (replays, tests): the components do it then.
 */
export const appStoreContext = createContext<AppStore | null>(null);

/** The context every navigation of the app's router hands its loaders. */
export function routerContextWith(store: AppStore): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appStoreContext, store);
  return context;
}
