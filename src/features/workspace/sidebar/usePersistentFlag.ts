import { useCallback, useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = window.localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback; // storage refused (private mode): the default for this visit
  }
}

/** A yes/no remembered by this browser (localStorage), e.g. whether the sidebar is collapsed. */
export function usePersistentFlag(key: string, fallback = false): [boolean, (v: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        /* not remembered; the choice still holds until the page is left */
      }
    },
    [key],
  );
  return [value, set];
}
