import { useLayoutEffect, useState } from 'react';

/**
 * The width of the element given to `ref` (a callback ref), kept current: the
 * page may be shown in a box narrower than the window (the session replay's
 * pane), where the window's breakpoints would give it columns it has no room for.
 */
export function useBoxWidth(): [(el: HTMLElement | null) => void, number] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number>(() => window.innerWidth);
  useLayoutEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    // An observer reports the size it finds on observe(), then every change.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}
