import { createElement, startTransition, useEffect, useState, type ComponentType } from 'react';
import type * as SignedInPages from '../../signedInPages';
import { useAppStore } from '../../store/hooks';
import { hasSignedInParts } from '../../store/baseStore';

type SignedInCode = typeof SignedInPages;

let loaded: SignedInCode | null = null;
let loading: Promise<SignedInCode> | undefined;

/**
 * Starts (once) the download of what only signed-in pages use. The signed-in
 * route's loader calls it as soon as the route matches, so it arrives
 * alongside the session check and the page's own code, not after them.
 */
export function loadSignedInCode(): Promise<SignedInCode> {
  return (loading ??= import('../../signedInPages').then(
    (code) => (loaded = code),
    (err: unknown) => {
      loading = undefined; // the next signed-in route tries again
      throw err;
    },
  ));
}

function isReady(store: object): boolean {
  return loaded !== null && hasSignedInParts(store);
}

/**
 * True once the signed-in code is in and its parts are in this page's store
 * (RequireAuth shows its spinner until then). A failed download is thrown,
 * for the route's error boundary to report.
 */
export function useSignedInCode(): boolean {
  const store = useAppStore();
  const [ready, setReady] = useState(() => isReady(store));
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadSignedInCode().then(
      (code) => {
        code.addSignedInParts(store);
        // The world's layout and page render as a transition, in slices that yield to the
        // browser, not in the same long task as the code that just arrived.
        if (live) startTransition(() => setReady(true));
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [store, ready]);
  if (failure) throw failure.error;
  return ready;
}

/**
 * A route element from the signed-in code. Only rendered under RequireAuth,
 * which waits for that code, so it is in by then.
 */
export function signedInComponent<P extends object>(
  pick: (code: SignedInCode) => ComponentType<P>,
): ComponentType<P> {
  function SignedInComponent(props: P) {
    if (!loaded) throw new Error('A signed-in route rendered before its code loaded');
    // The same component on every render: the module's own export.
    return createElement(pick(loaded), props);
  }
  return SignedInComponent;
}
