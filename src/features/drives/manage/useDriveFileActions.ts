import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import {
  useDeleteDriveFilesMutation,
  useMoveDriveFilesMutation,
  useRetagDriveFilesMutation,
} from '../driveAdminApi';
import { driveErrorText } from '../drivesApi';
import { driveDeletionUndoAsked } from './driveUndo';
import type { DriveSelection } from './selection';

/** Long enough to reach Undo after reading the flash. */
export const UNDO_FLASH_MS = 10_000;

/**
 * An administrator's changes to a drive's files, each answered with a
 * flash: a deletion's carries Undo; a refusal shows the server's reason.
 * Each resolves to whether it worked (a dialog stays open when not).
 */
export function useDriveFileActions(drive: string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [remove] = useDeleteDriveFilesMutation();
  const [move] = useMoveDriveFilesMutation();
  const [retag] = useRetagDriveFilesMutation();
  /** `message` says what failed, with {{error}} for the server's reason. */
  const failed = (message: string) => {
    dispatch(flashShown(message, 'error'));
    return false;
  };

  return {
    async deleted(selection: DriveSelection): Promise<boolean> {
      const result = await remove({ drive, ...selection });
      if ('error' in result) {
        return failed(t('Delete failed: {{error}}', { error: driveErrorText(result.error) }));
      }
      const { batchId, deleted, detachedFrom } = result.data;
      const message =
        detachedFrom > 0
          ? t('Deleted {{files}}, taken off {{count}} workspaces', {
              files: t('{{count}} files', { count: deleted }),
              count: detachedFrom,
            })
          : t('Deleted {{count}} files', { count: deleted });
      dispatch(
        flashShown(message, 'success', UNDO_FLASH_MS, {
          label: t('Undo'),
          action: driveDeletionUndoAsked({ drive, batchId }),
        }),
      );
      return true;
    },
    async moved(from: string, to: string, folder: boolean): Promise<boolean> {
      const result = await move({ drive, from, to, folder });
      if ('error' in result) {
        return failed(t('Move failed: {{error}}', { error: driveErrorText(result.error) }));
      }
      dispatch(
        flashShown(
          t('Moved {{count}} files to {{to}}', { count: result.data.moved, to }),
          'success',
        ),
      );
      return true;
    },
    async retagged(
      selection: DriveSelection,
      change: { set?: string[]; add?: string[]; remove?: string[] },
    ): Promise<boolean> {
      const result = await retag({ drive, ...selection, ...change });
      if ('error' in result) {
        return failed(t('Retag failed: {{error}}', { error: driveErrorText(result.error) }));
      }
      dispatch(flashShown(t('Tags saved'), 'success'));
      return true;
    },
  };
}

export type DriveFileActions = ReturnType<typeof useDriveFileActions>;
