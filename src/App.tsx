import type { StoreEnhancer } from '@reduxjs/toolkit';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { makeBaseStore } from './store/baseStore';
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
  const [router] = useState(() => createBrowserRouter(routes));
  const [appStore] = useState(
    () => store ?? makeBaseStore(undefined, { navigate: (to) => router.navigate(to), enhancers }),
  );
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
