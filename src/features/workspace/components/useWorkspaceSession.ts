import { shallowEqual } from 'react-redux';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { cogContextSet, cogInitRegistered, cogInitUnregistered } from '../../../ws/cogActions';
import { selectExperts, selectSelectedExpertIds } from '../workspaceSelectors';
import { historyPageAsked } from '../history';
import { workspaceOpened } from '../workspaceSlice';

/** The key under which the page registers its initialisation frames with the cog middleware. */
export const WORKSPACE_INIT_KEY = 'workspace';

/**
 * Ties the open workspace to the live connection: a clean transcript, the
 * workspace_id and selected_experts context values, and the frames that ask
 * the server for experts, history and details on every connect (SPEC §4, §7).
 * History comes a page at a time (DESIGN §8: a 10,000-message workspace opens
 * at once); `focusMessageId` opens it around that message instead of at the end.
 */
export function useWorkspaceSession(workspaceId: string | null, focusMessageId: string | null) {
  const dispatch = useAppDispatch();
  const hasExperts = useAppSelector((s) => selectExperts(s).length > 0);
  const selectedIds = useAppSelector(selectSelectedExpertIds, shallowEqual);

  useEffect(() => {
    if (!workspaceId) return;
    dispatch(workspaceOpened({ workspaceId }));
    dispatch(cogContextSet({ key: 'workspace_id', value: workspaceId }));
    dispatch(
      cogInitRegistered({
        key: WORKSPACE_INIT_KEY,
        frames: [
          { typ: 'display.experts', content: {} },
          // The newest page, or the one around the message a link points at (a search result).
          historyPageAsked(focusMessageId ? { around: focusMessageId } : {}).payload,
          { typ: 'workspace.expert.details', content: {} },
        ],
      }),
    );
    return () => void dispatch(cogInitUnregistered({ key: WORKSPACE_INIT_KEY }));
  }, [dispatch, workspaceId, focusMessageId]);

  useEffect(() => {
    if (!workspaceId || !hasExperts) return;
    dispatch(cogContextSet({ key: 'selected_experts', value: selectedIds }));
  }, [dispatch, workspaceId, hasExperts, selectedIds]);
}
