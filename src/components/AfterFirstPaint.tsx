import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';

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
 * around them (an effect), at normal priority: in one task, not in slices as
 * a transition. A transition's slices are thrown away and started again by
 * every store update in between (socket frames coming in), so one that
 * overlaps a stream of frames finishes only after the last of them.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  // The second render is the point: after the commit's effects (the frames they send go first).
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a render of its own, as above
  useEffect(() => setShown(true), []);
  return shown ? children : null;
}
