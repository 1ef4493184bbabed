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
  const dispatch = useAppDispatch();
  const [remove] = useDeleteDriveFilesMutation();
  const [move] = useMoveDriveFilesMutation();
  const [retag] = useRetagDriveFilesMutation();
  const failed = (what: string, error: unknown) => {
    dispatch(flashShown(`${what} failed: ${driveErrorText(error)}`, 'error'));
    return false;
  };

  return {
    async deleted(selection: DriveSelection): Promise<boolean> {
      const result = await remove({ drive, ...selection });
      if ('error' in result) return failed('Delete', result.error);
      const { batchId, deleted, detachedFrom } = result.data;
      const files = `${deleted} ${deleted === 1 ? 'file' : 'files'}`;
      const detached =
        detachedFrom > 0
          ? `, taken off ${detachedFrom} ${detachedFrom === 1 ? 'workspace' : 'workspaces'}`
          : '';
      dispatch(
        flashShown(`Deleted ${files}${detached}`, 'success', UNDO_FLASH_MS, {
          label: 'Undo',
          action: driveDeletionUndoAsked({ drive, batchId }),
        }),
      );
      return true;
    },
    async moved(from: string, to: string, folder: boolean): Promise<boolean> {
      const result = await move({ drive, from, to, folder });
      if ('error' in result) return failed('Move', result.error);
      const n = result.data.moved;
      dispatch(flashShown(`Moved ${n} ${n === 1 ? 'file' : 'files'} to ${to}`, 'success'));
      return true;
    },
    async retagged(
      selection: DriveSelection,
      change: { set?: string[]; add?: string[]; remove?: string[] },
    ): Promise<boolean> {
      const result = await retag({ drive, ...selection, ...change });
      if ('error' in result) return failed('Retag', result.error);
      dispatch(flashShown('Tags saved', 'success'));
      return true;
    },
  };
}

export type DriveFileActions = ReturnType<typeof useDriveFileActions>;
