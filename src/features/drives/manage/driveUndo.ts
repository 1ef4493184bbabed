import { createAction } from '@reduxjs/toolkit';
import { t } from '../../../i18n/i18n';
import type { AppStartListening } from '../../../store/listenerMiddleware';
import { flashShown } from '../../flash/flashSlice';
import { driveAdminApi } from '../driveAdminApi';
import { driveErrorText } from '../drivesApi';

/** The Undo on a deletion's flash: its drive and batch (plain data, so DevTools and replays show it). */
export const driveDeletionUndoAsked = createAction<{ drive: string; batchId: string }>(
  'drives/deletionUndoAsked',
);

/** Undo asks the server to put the batch back; a refusal (a path taken meanwhile) is flashed as it is. */
export function addDriveUndoListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: driveDeletionUndoAsked,
    effect: async ({ payload }, api) => {
      const result = await api.dispatch(
        driveAdminApi.endpoints.undeleteDriveFiles.initiate(payload),
      );
      if ('error' in result) {
        api.dispatch(
          flashShown(t('Undo failed: {{error}}', { error: driveErrorText(result.error) }), 'error'),
        );
      } else {
        api.dispatch(flashShown(t('Restored'), 'success'));
      }
    },
  });
}
