import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { addAppListener } from '../../store/listenerMiddleware';
import type { AppStore } from '../../store/store';
import { cogIn } from '../../ws/cogActions';
import { selectAuthStatus } from '../auth/authSlice';
import { worldIdFromPath } from '../world/worldPath';
import {
  useGetWorkspaceFilesQuery,
  workspaceFilesApi,
  workspaceFilesChanged,
} from './workspaceFilesApi';

const filesChangedFrame = cogIn('workspace.files.changed');

/**
 * The workspace's files, kept current: the server sends workspace.files.changed
 * to everyone on the workspace whenever a file is attached (finder, upload,
 * another participant) or taken off, and the list is fetched again.
 */
export function useWorkspaceFiles(workspaceId: string) {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addAppListener({
          actionCreator: filesChangedFrame,
          effect: (action, api) => {
            if (action.payload.content.workspaceId === workspaceId)
              api.dispatch(workspaceFilesChanged(workspaceId));
          },
        }),
      ),
    [dispatch, workspaceId],
  );
  return useGetWorkspaceFilesQuery(workspaceId);
}

/**
 * The workspace's files asked for as the page's code arrives (the route's loader), not once the
 * page has committed: on a slow connection that request was the last before the first screen.
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
  if (selectAuthStatus(store.getState()) === 'ok') return ask();
  if (!checking(selectAuthStatus(store.getState()))) return;
  const unsubscribe = store.subscribe(() => {
    const status = selectAuthStatus(store.getState());
    if (checking(status)) return;
    unsubscribe();
    if (status === 'ok') ask();
  });
}
