import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';

/**
 * Runs one admin change and says how it went in the flash toast: `done` on
 * success, the server's own words on a refusal. Resolves to the answer, or
 * undefined when it was refused. `busy` while one is under way.
 */
export function useAdminAction() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(
      call: () => Promise<{ data: T } | { error: unknown }>,
      done?: string,
    ): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await call();
        if ('error' in result) {
          dispatch(flashShown(errorMessage(result.error), 'error'));
          return undefined;
        }
        if (done) dispatch(flashShown(done, 'success'));
        return result.data;
      } finally {
        setBusy(false);
      }
    },
    [dispatch],
  );
  const say = useCallback((text: string) => dispatch(flashShown(text, 'success')), [dispatch]);
  return { run, busy, say };
}
