import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useHeldTransition } from '../store/useHeldTransition';

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

/**
 * Its children mount in a render of their own just after the first commit
 * around them (an effect), as a transition: in slices that yield to input,
 * not in one long task. The state React renders from is held still until
 * they are in (heldView.ts): otherwise every store update in between (socket
 * frames coming in) would make React throw the slices away and render them
 * again at once. What changed meanwhile renders right after they commit.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const startHeld = useHeldTransition(shown);
  // The second render is the point: after the commit's effects (the frames they send go first).
  useEffect(() => startHeld(() => setShown(true)), [startHeld]);
  return shown ? children : null;
}
