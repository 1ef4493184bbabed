import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element given to the ref is narrower than `width`, kept
 * current: the page may be shown in a box narrower than the window (the
 * session replay's pane), where the window's breakpoints would give it
 * columns it has no room for. Only a change of that answer renders again, not
 * every width the box passes through while the page is made and laid out.
 */
export function useBoxNarrowerThan<E extends HTMLElement>(
  width: number,
): [RefObject<E | null>, boolean] {
  const ref = useRef<E>(null);
  const [narrower, setNarrower] = useState(() => window.innerWidth < width);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // An observer reports the size it finds on observe(), then every change.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setNarrower(entry.contentRect.width < width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);
  return [ref, narrower];
}
