import { makeBaseStore, type StoreOptions } from './baseStore';
import { addSignedInParts, type rootReducer } from './signedInParts';

export { rootReducer, browserCogDeps } from './signedInParts';
export type { StoreOptions } from './baseStore';

export type RootState = ReturnType<typeof rootReducer>;

/**
 * One store per app (and per test): makeStore(preloadedState) (STYLE 1, 10),
 * with every part in from the start. The browser makes the base store
 * (makeBaseStore) and adds the signed-in parts when a signed-in page needs
 * them (features/auth/signedIn.ts), so that /login loads less (DESIGN §8);
 * the store is the same either way.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const store = makeBaseStore(preloadedState, options);
  addSignedInParts(store);
  return store;
}

export type AppStore = ReturnType<typeof makeBaseStore>;
export type AppDispatch = AppStore['dispatch'];
