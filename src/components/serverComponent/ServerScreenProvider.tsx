import { useMemo, useRef, type ReactNode } from 'react';
import { ServerScreenContext, type ServerComponentHost, type ServerScreen } from './screenContext';

export type { ServerComponentHost } from './screenContext';

/**
 * One server screen: the host its events go to, and the values of its named
 * inputs, which travel in the attrs of the screen's next server action. The
 * values live in a ref because typing must not re-render the whole screen.
 */
export function ServerScreenProvider({
  host,
  children,
}: {
  host: ServerComponentHost;
  children: ReactNode;
}) {
  const values = useRef(new Map<string, unknown>());
  const screen = useMemo<ServerScreen>(
    () => ({
      host,
      setFormValue: (name, value) => values.current.set(name, value),
      removeFormValue: (name) => values.current.delete(name),
      formValues: () => Object.fromEntries(values.current),
    }),
    [host],
  );
  return <ServerScreenContext.Provider value={screen}>{children}</ServerScreenContext.Provider>;
}
