import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children render in the background right after the screen around them
 * first commits, not as part of it: the parts of a page that are not what
 * the reader opened it for (side columns beside a transcript) stop holding
 * back the first screen. Whatever reserves their room must stay outside, so
 * that nothing moves when they come in.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  // null on the first render; React renders `true` next, as a transition that yields to input.
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
