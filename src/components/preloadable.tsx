import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched on demand. `preload()` starts the
 * download (a route's loader calls it as soon as the route matches). Mounted
 * once its code is in, the component renders at once; before, it is a
 * React.lazy that suspends until then. (React.lazy alone would suspend even
 * for code already loaded, and React keeps a Suspense fallback it has shown
 * for at least 300 ms.)
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): {
  Component: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
} {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((Loaded) => {
      loaded = Loaded;
      return Loaded;
    }));
  const Lazy = lazy(() => preload().then((Loaded) => ({ default: Loaded })));
  function Preloaded(props: P) {
    // Chosen once per mount: turning from Lazy to the loaded one later would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component: Preloaded, preload };
}
