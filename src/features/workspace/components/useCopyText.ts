import { useCallback } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';

/** Copies text to the clipboard and flashes the outcome with the given texts (SPEC §8). */
export function useCopyText() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (text: string, messages: { ok: string; failed: string }) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard not available');
        await navigator.clipboard.writeText(text);
        dispatch(flashShown(messages.ok, 'success'));
      } catch (error) {
        console.error(messages.failed, error);
        dispatch(flashShown(messages.failed, 'error'));
      }
    },
    [dispatch],
  );
}
