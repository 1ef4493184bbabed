import { useEffect, useState } from 'react';
import { useServerScreen } from '../screenContext';

/**
 * The value of an input that, when it has a name, is one of the screen's form
 * values: set at once on change (a click right after typing must see it), kept
 * in step by the effect, and removed when the input leaves the screen.
 */
export function useNamedValue(name: string | undefined, initial: string) {
  const screen = useServerScreen();
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!name) return;
    screen.setFormValue(name, value);
    return () => screen.removeFormValue(name);
  }, [screen, name, value]);
  const change = (next: string) => {
    setValue(next);
    if (name) screen.setFormValue(name, next);
  };
  return [value, change] as const;
}
