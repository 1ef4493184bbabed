import type { ReactElement } from 'react';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { renderWithProviders } from '../renderWithProviders';
import { SESSION, frameHelpers, makeTestStore } from '../testStore';

/**
 * A server-driven screen (page viewer, flow page) with the app's real store,
 * signed in to SESSION's active world; `frame` delivers a server frame the way
 * the cog middleware would, `sent` lists what the screen asked to send.
 */
export function renderScreen(element: ReactElement, path: string, routePath: string) {
  const t = makeTestStore({
    auth: {
      ...initialAuthState,
      loggedin: true,
      status: 'ok',
      user: SESSION.user,
      activeWorld: SESSION.active_world,
      accessibleWorlds: SESSION.accessible_worlds,
    },
  });
  const view = renderWithProviders(element, { store: t.store, path, routePath });
  return { ...view, ...t, ...frameHelpers(t) };
}
