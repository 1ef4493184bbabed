import { startTransition, useCallback, useEffect, useRef } from 'react';
import type { ReleaseHold } from './heldView';
import { useHoldRenderedState } from './hooks';

/**
 * startTransition for an update of the calling component, with the state
 * React renders from held (heldView.ts) until the component commits with
 * `result` (what the update changes) changed, or unmounts: a store update
 * in the middle would otherwise make React render the whole transition
 * again at once. The component's children commit, and run their effects,
 * before the release.
 */
export function useHeldTransition(result: unknown): (update: () => void) => void {
  const hold = useHoldRenderedState();
  const release = useRef<ReleaseHold>(undefined);
  useEffect(() => {
    release.current?.();
    release.current = undefined;
  }, [result]);
  useEffect(() => () => release.current?.(), []);
  return useCallback(
    (update: () => void) => {
      release.current?.();
      release.current = hold();
      startTransition(update);
    },
    [hold],
  );
}
