import type { ReactElement } from 'react';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { renderWithProviders } from '../renderWithProviders';
import { makeTestStore } from '../testStore';
import { scriptServer } from '../workspaceManagement/scriptedServer';
import { adminState } from './drivesFixtures';

/** Signed in to innovation-lab, which the user administers (or not). */
export const adminAuth = adminState;

/** An admin page under /admin with a real store; its fake socket answers as `respond` says. */
export function renderAdminPage(
  element: ReactElement,
  {
    path,
    routePath,
    respond = () => undefined,
    isAdmin = true,
  }: {
    path: string;
    routePath: string;
    respond?: Parameters<typeof scriptServer>[1];
    isAdmin?: boolean;
  },
) {
  window.history.replaceState(null, '', path);
  const t = makeTestStore(adminAuth(isAdmin));
  t.store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
  const socket = t.sockets.last();
  const written = scriptServer(socket, respond);
  socket.serverOpen();
  const view = renderWithProviders(element, { store: t.store, path, routePath });
  return { ...view, ...t, written };
}
