import { createContext, useContext } from 'react';
import type { ScreenEvent } from '../../../protocol/components';

/** Where a server screen's events and in-app navigation go (page viewer, flow page, gallery). */
export interface ServerComponentHost {
  sendEvent(event: ScreenEvent): void;
  navigate(path: string): void;
}

/** What the components of one screen share: the host and the screen's form values. */
export interface ServerScreen {
  host: ServerComponentHost;
  setFormValue(name: string, value: unknown): void;
  removeFormValue(name: string): void;
  /** A snapshot of the named inputs' current values. */
  formValues(): Record<string, unknown>;
}

export const ServerScreenContext = createContext<ServerScreen | null>(null);

/**
 * The screen a component belongs to. ServerComponent always provides one (a
 * default when no ServerScreenProvider is above it), so inside the tree this
 * never fails.
 */
export function useServerScreen(): ServerScreen {
  const screen = useContext(ServerScreenContext);
  if (!screen) throw new Error('useServerScreen must be used inside a ServerComponent');
  return screen;
}
