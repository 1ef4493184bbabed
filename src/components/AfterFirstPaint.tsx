import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import type { ReleaseHold } from '../store/heldView';
import { useHoldRenderedState } from '../store/hooks';

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
  const [release, setRelease] = useState<ReleaseHold | null>(null);
  const hold = useHoldRenderedState();
  useEffect(() => {
    const releaseHold = hold();
    // The second render is the point: after the commit's effects (the frames they send go first).
    startTransition(() => setRelease(() => releaseHold));
    return releaseHold;
  }, [hold]);
  if (!release) return null;
  return (
    <>
      {children}
      <RunOnCommit run={release} />
    </>
  );
}

/** Runs `run` once its place in the tree (after the parts before it) has committed. */
function RunOnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
