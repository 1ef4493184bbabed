import type { StoreEnhancer } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { makeBaseStore } from './store/baseStore';
import { heldViewOf } from './store/heldView';
import { routerContextWith } from './store/routerContext';
import type { AppStore } from './store/store';
import { AppTheme } from './theme/AppTheme';
import { LanguageFromAccount } from './features/settings/LanguageFromAccount';
import { ThemeFromAccount } from './features/settings/ThemeFromAccount';

export function App({
  store,
  enhancers,
}: {
  store?: AppStore;
  /** Extra store enhancers (remote Redux DevTools, when configured). */
  enhancers?: StoreEnhancer[];
}) {
  const [{ router, view, releaseFirstRender }] = useState(() => {
    // The store first, so the router's first loaders can reach it (the session check
    // starts as the route matches); the store's sagas navigate through the router.
    const appStore =
      store ?? makeBaseStore(undefined, { navigate: (to) => router.navigate(to), enhancers });
    const router = createBrowserRouter(routes, { getContext: () => routerContextWith(appStore) });
    // The first render is a transition (main.tsx); the session check's actions land during it
    // and would make React render it all again at once, so React sees them once it is in.
    const view = heldViewOf(appStore);
    return { router, view, releaseFirstRender: view.hold() };
  });
  useEffect(releaseFirstRender, [releaseFirstRender]);
  return (
    <Provider store={view}>
      <AppTheme>
        <ThemeFromAccount />
        <LanguageFromAccount />
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>
  );
}
