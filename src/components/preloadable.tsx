import { use, type ComponentType } from 'react';

/**
 * A screen whose code is fetched on demand. `preload()` starts the download
 * (a route's loader calls it as soon as the route matches); the component
 * renders the screen at once if its code is in, and suspends until it is if
 * not. React.lazy would suspend once even for code already loaded, and React
 * keeps a Suspense fallback it has shown for at least 300 ms.
 */
export function preloadable(load: () => Promise<ComponentType>): {
  Component: ComponentType;
  preload: () => Promise<ComponentType>;
} {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((Screen) => {
      loaded = Screen;
      return Screen;
    }));
  function Preloaded() {
    const Screen = loaded ?? use(preload());
    return <Screen />;
  }
  return { Component: Preloaded, preload };
}
