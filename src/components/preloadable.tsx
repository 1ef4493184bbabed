import { useEffect, useState, type ComponentType } from 'react';
import { useHeldTransition } from '../store/useHeldTransition';

const Nothing = () => null;

/**
 * A component whose code is fetched on demand. `preload()` starts the
 * download (a route's loader calls it as soon as the route matches). Mounted
 * once its code is in, the component renders at once; before, `Fallback`
 * (given the same props) stands in until the code arrives, and the component
 * then replaces it in a render of its own.
 *
 * Not React.lazy: that suspends even for code already loaded, and React keeps
 * a Suspense fallback it has shown for at least 300 ms (its throttled
 * reveal), so a page whose code came a moment late showed 300 ms later than
 * it could (its socket frames asked for that much later too).
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback: ComponentType<P> = Nothing,
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
  function Preloaded(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    // Mounted in slices that yield to input, the state it reads held still until it commits.
    const startHeld = useHeldTransition(Loaded);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      preload().then(
        (component) => live && startHeld(() => setLoaded(() => component)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Loaded, startHeld]);
    // A failed download is reported by the nearest error boundary (the route's).
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : <Fallback {...props} />;
  }
  return { Component: Preloaded, preload };
}
