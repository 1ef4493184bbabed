import type { UnknownAction } from '@reduxjs/toolkit';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ServerContent, ServerTyp } from '../../../protocol';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { cogIn, cogSendRequested } from '../../../src/ws/cogActions';
import { renderWithProviders } from '../renderWithProviders';
import { SESSION, flushUi, makeTestStore } from '../testStore';

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
  const frame = <T extends ServerTyp>(typ: T, content: ServerContent<T>) =>
    act(() => {
      t.store.dispatch(cogIn(typ)({ typ, content } as never));
      flushUi(t.store);
    });
  const sent = () =>
    t.actions.filter((a: UnknownAction) => cogSendRequested.match(a)).map((a) => a.payload);
  return { ...view, ...t, frame, sent };
}
