import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Flash } from '../../src/features/flash/Flash';
import type { AppStore, RootState } from '../../src/store/store';
import { AppTheme } from '../../src/theme/AppTheme';
import { makeTestStore } from './testStore';

/**
 * A fresh real store (fake socket) and a memory router around one element (STYLE 10).
 * `store` renders with a store the test made itself (e.g. makeTestStore's, to record
 * actions); `routePath` is the route pattern, so the element can read its params.
 */
export function renderWithProviders(
  element: ReactElement,
  {
    path = '/',
    preloadedState,
    store: givenStore,
    routePath = '*',
  }: {
    path?: string;
    preloadedState?: Partial<RootState>;
    store?: AppStore;
    routePath?: string;
  } = {},
) {
  const made = givenStore ? undefined : makeTestStore(preloadedState);
  const store = givenStore ?? made!.store;
  const sockets = made?.sockets;
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        element: (
          <>
            <Flash />
            {element}
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>,
  );
  return { ...view, store, sockets, router };
}
