import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { routes } from '../../../src/routes';
import { heldViewOf } from '../../../src/store/heldView';
import { AppTheme } from '../../../src/theme/AppTheme';
import { json, makeTestStore, stubFetch } from '../testStore';

/**
 * The whole app (its real route table and store) at `path`, up to its world's
 * "Connecting...": the socket is made, not yet open. `session` is what
 * POST /api/user answers at the moment; other requests get `other`'s answer
 * (a 404 unless given). With `held`, React reads the store through a held view
 * (heldView.ts), as in the app.
 */
export async function appConnecting(
  path: string,
  session: () => Response,
  other: (req: Request) => Response | Promise<Response> = () =>
    json(404, { status: 'error', error: 'none' }),
  { held = false }: { held?: boolean } = {},
) {
  const seen = stubFetch((req) => (req.url.endsWith('/api/user') ? session() : other(req)));
  const t = makeTestStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = held ? heldViewOf(t.store) : undefined;
  render(
    <Provider store={view ?? t.store}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </Provider>,
  );
  expect(await screen.findByText('Connecting...')).toBeTruthy();
  // The spinner is committed before WorldLayout's effects run, and the socket is made in one
  // of them: on a busy machine the text is found in between.
  const socket = await waitFor(() => t.sockets.last());
  return { ...t, router, seen, view, socket };
}
