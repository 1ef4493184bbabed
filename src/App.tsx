import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';
import { makeStore, type AppStore } from './store/store';
import { AppTheme } from './theme/AppTheme';

export function App({ store }: { store?: AppStore }) {
  const [router] = useState(() => createBrowserRouter(routes));
  const [appStore] = useState(
    () => store ?? makeStore(undefined, { navigate: (to) => router.navigate(to) }),
  );
  return (
    <Provider store={appStore}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>
  );
}
