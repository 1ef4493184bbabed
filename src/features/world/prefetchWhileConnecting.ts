import { useEffect, useState } from 'react';
import type { AppDispatch, RootState } from '../../store/store';

/**
 * A page's data fetched while its world's socket connects (WorldLayout shows
 * "Connecting..." meanwhile), so the page does not wait for the socket and
 * then for its data, one after the other. A route names it in its `handle`.
 */
export interface PrefetchWhileConnecting {
  prefetchWhileConnecting(dispatch: AppDispatch, worldId: string): void;
  /**
   * Whether that data is in (or failed): the page is shown once it is, for a
   * moment after the socket is up (PAGE_DATA_WAIT_MS), so its first screen
   * is whole, not its loading state pushed aside by the data a moment later.
   */
  prefetchSettled?(state: RootState, worldId: string): boolean;
}

/** How long a page's data may keep its world's spinner up once the socket is. */
export const PAGE_DATA_WAIT_MS = 1000;

export function prefetchesWhileConnecting(handle: unknown): handle is PrefetchWhileConnecting {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as Partial<PrefetchWhileConnecting>).prefetchWhileConnecting === 'function'
  );
}

/** Data asked for while connecting and not yet taken by its page, by page and world. */
const started = new Set<string>();

/** Records that `page`'s data for `worldId` is on its way (call as the request starts). */
export function prefetchStarted(page: string, worldId: string): void {
  started.add(`${page} ${worldId}`);
}

/**
 * True on a page's first mount after `prefetchStarted` for it and the world:
 * that mount then uses the request under way instead of making its own. The
 * mark is taken when the mount commits (a render React set aside and started
 * again sees it still), so every later mount gets false and fetches as always.
 */
export function useTakePrefetch(page: string, worldId: string): boolean {
  const key = `${page} ${worldId}`;
  const [taken] = useState(() => started.has(key));
  useEffect(() => {
    started.delete(key);
  }, [key]);
  return taken;
}
