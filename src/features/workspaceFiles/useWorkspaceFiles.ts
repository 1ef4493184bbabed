import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { addAppListener } from '../../store/listenerMiddleware';
import { cogIn } from '../../ws/cogActions';
import { useGetWorkspaceFilesQuery, workspaceFilesChanged } from './workspaceFilesApi';

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
