import type { StoreEnhancer } from '@reduxjs/toolkit';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { makeBaseStore } from './store/baseStore';
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
  const [{ router, appStore }] = useState(() => {
    // The store first, so the router's first loaders can reach it (the session check
    // starts as the route matches); the store's sagas navigate through the router.
    const appStore =
      store ?? makeBaseStore(undefined, { navigate: (to) => router.navigate(to), enhancers });
    const router = createBrowserRouter(routes, { getContext: () => routerContextWith(appStore) });
    return { router, appStore };
  });
  return (
    <Provider store={appStore}>
      <AppTheme>
        <ThemeFromAccount />
        <LanguageFromAccount />
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>
  );
}
