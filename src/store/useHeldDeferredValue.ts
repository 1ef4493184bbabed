import { useDeferredValue, useLayoutEffect } from 'react';
import { useHoldRenderedState } from './hooks';

/**
 * React's useDeferredValue, with the state React renders from held while the
 * deferred render is on its way (heldView.ts): a store update in the middle
 * would otherwise make React render the whole deferred part again at once,
 * the long task deferring was meant to avoid.
 */
export function useHeldDeferredValue<T>(value: T): T {
  const deferred = useDeferredValue(value);
  const hold = useHoldRenderedState();
  const pending = !Object.is(value, deferred);
  // From the commit that shows the old value to the one that shows the new.
  useLayoutEffect(() => (pending ? hold() : undefined), [pending, hold]);
  return deferred;
}
