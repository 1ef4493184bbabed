import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { Flash } from '../../src/components/Flash';
import { makeStore, type AppStore, type RootState } from '../../src/store/store';
import { AppTheme } from '../../src/theme/AppTheme';
import { fakeSockets } from './ws/fakeWebSocket';

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
  const sockets = fakeSockets();
  const store =
    givenStore ??
    makeStore(preloadedState, {
      cog: {
        WebSocketImpl: sockets.WebSocketImpl,
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
        urlFor: (w) => `ws://emgen.test/${w}`,
        browserId: () => 'b-test',
      },
    });
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
