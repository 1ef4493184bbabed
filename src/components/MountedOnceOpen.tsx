import { useState, type ReactNode } from 'react';

/**
 * Its children (a menu, a dialog) are made the first time `open` is true and
 * kept from then on, so they still play their closing transition. A closed
 * MUI menu or dialog puts nothing on the page, yet it is rendered with the
 * page and its styles made: a few milliseconds each on a slow phone, in every
 * nav bar (the world switcher's menu and the support dialog) and in every row
 * of the conversations list.
 */
export function MountedOnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state that follows a prop): the
  // children are made in this same render, not one after.
  if (open && !opened) setOpened(true);
  return opened || open ? children : null;
}
