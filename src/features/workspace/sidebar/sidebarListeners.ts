import type { AppStartListening } from '../../../store/listenerMiddleware';
import { t } from '../../../i18n/i18n';
import { flashShown } from '../../flash/flashSlice';
import { sidebarOperation } from './sidebarOperation';
import { workspaceRestoreAsked } from './sidebarSlice';

/** The Undo on a deletion's flash asks the server to restore the workspace. */
export function addSidebarListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: workspaceRestoreAsked,
    effect: async ({ payload }, api) => {
      const restored = await sidebarOperation(api.dispatch, 'workspace.restore', {
        workspace_id: payload.workspaceId,
      });
      if (restored) api.dispatch(flashShown(t('Workspace restored'), 'success'));
    },
  });
}
