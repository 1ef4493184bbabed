import type { Action, Store } from '@reduxjs/toolkit';

/** Ends one hold; calling it again does nothing. */
export type ReleaseHold = () => void;

/** The store as React reads it, with a way to hold what it shows while a large part mounts. */
export type HeldView<S, A extends Action> = Store<S, A> & {
  /** The store this is a view of: dispatches and middleware always see its current state. */
  readonly source: Store<S, A>;
  /**
   * Keeps the state React sees where it is until released (or until the
   * limit), actions going on meanwhile; just after the last release React
   * sees the latest.
   */
  hold(): ReleaseHold;
};

/**
 * A hold longer than this ends by itself: an interrupted mount that never
 * commits must not leave the page showing old state.
 */
export const HOLD_LIMIT_MS = 1500;

/**
 * A view of the store for react-redux's Provider whose state can be held
 * still while a large part of the page renders as a transition.
 *
 * Why: React renders a transition in slices that yield to input, but when an
 * external store (Redux, through useSyncExternalStore) changes during those
 * slices, React throws them away and renders the whole part again at once,
 * in one long task ("teared render"). Socket frames and HTTP answers land
 * while a page mounts, so without a hold a page's first render is nearly
 * always one long task. Held, the render completes in its slices; what
 * changed meanwhile renders just after, as an ordinary update of the parts
 * it concerns.
 *
 * Only React's reading is held: dispatch, middleware, sagas and the action
 * log act on the source store at once, so nothing is lost or reordered.
 */
export function heldViewOf<S, A extends Action>(
  source: Store<S, A>,
  schedule: (run: () => void, ms: number) => unknown = setTimeout,
): HeldView<S, A> {
  let shown = source.getState();
  let holds = 0;
  const listeners = new Set<() => void>();

  const showLatest = () => {
    const latest = source.getState();
    if (latest === shown) return;
    shown = latest;
    for (const listener of [...listeners]) listener();
  };
  source.subscribe(() => {
    if (holds === 0) showLatest();
  });

  const view: HeldView<S, A> = Object.assign(Object.create(source) as Store<S, A>, {
    source,
    getState: () => shown,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    hold(): ReleaseHold {
      holds++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        holds--;
        // In a task of its own: a release comes as a large part commits, and the update it
        // brings renders at once (React renders store updates synchronously), so not in that task.
        schedule(() => {
          if (holds === 0) showLatest();
        }, 0);
      };
      schedule(release, HOLD_LIMIT_MS);
      return release;
    },
  });
  return view;
}

/** The source store behind a view (or the store itself, where React was given no view). */
export function sourceOf<T extends object>(store: T): T {
  return ((store as { source?: T }).source ?? store) as T;
}
