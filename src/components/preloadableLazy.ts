import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be fetched ahead (`preload`) and then renders without
 * suspending. A plain lazy component suspends on its first render even when
 * its module is already here, and React holds back a Suspense boundary's
 * content for up to 300 ms after its fallback showed: the page would wait for
 * a chunk it already has.
 */
export function preloadableLazy<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  const Component = lazy<ComponentType<P>>(() => {
    if (loaded === undefined) return preload().then((m) => ({ default: pick(m) }));
    // A thenable that resolves as it is asked: React reads the component without suspending.
    const ready = { default: pick(loaded) };
    return { then: (resolve: (m: typeof ready) => void) => resolve(ready) } as Promise<
      typeof ready
    >;
  });
  return { Component, preload };
}
