import type { AppStore } from '../../store/store';
import { selectAuthStatus } from '../auth/authSlice';
import { worldIdFromPath } from '../world/worldPath';
import { workspaceFilesApi } from './workspaceFilesApi';

/**
 * The workspace's files asked for as its route matches (the route's loader), beside the page's
 * code, not once the page has committed: on a slow connection that request was the last before
 * the first screen. Here, not in the page's file, so that it need not wait for that download.
 * Only once the session check has said yes (a 401 before then would read as a session that
 * ended, and send the person to sign in without the way back to this page), and only while the
 * address bar is in the route's world (the request's world header is read from there); else the
 * page asks on mount as before. The page's own query then takes this request's answer.
 */
export function prefetchWorkspaceFiles(store: AppStore, worldId: string, workspaceId: string) {
  const ask = () => {
    if (worldIdFromPath(window.location.pathname) !== worldId) return;
    void store.dispatch(workspaceFilesApi.util.prefetch('getWorkspaceFiles', workspaceId, {}));
  };
  const checking = (status: ReturnType<typeof selectAuthStatus>) =>
    status === 'unknown' || status === 'checking';
  const now = selectAuthStatus(store.getState());
  if (now === 'ok') return ask();
  if (!checking(now)) return;
  const unsubscribe = store.subscribe(() => {
    const status = selectAuthStatus(store.getState());
    if (checking(status)) return;
    unsubscribe();
    if (status === 'ok') ask();
  });
}
