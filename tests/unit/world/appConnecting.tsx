import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { routes } from '../../../src/routes';
import { AppTheme } from '../../../src/theme/AppTheme';
import { json, makeTestStore, stubFetch } from '../testStore';

/**
 * The whole app (its real route table and store) at `path`, up to its world's
 * "Connecting...": the socket is made, not yet open. `session` is what
 * POST /api/user answers at the moment; other requests get `other`'s answer
 * (a 404 unless given).
 */
export async function appConnecting(
  path: string,
  session: () => Response,
  other: (req: Request) => Response | Promise<Response> = () =>
    json(404, { status: 'error', error: 'none' }),
) {
  const seen = stubFetch((req) => (req.url.endsWith('/api/user') ? session() : other(req)));
  const t = makeTestStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={t.store}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>,
  );
  expect(await screen.findByText('Connecting...')).toBeTruthy();
  return { ...t, router, seen, socket: t.sockets.last() };
}
