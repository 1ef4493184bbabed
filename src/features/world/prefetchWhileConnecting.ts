import type { AppDispatch } from '../../store/store';

/**
 * A page's data fetched while its world's socket connects (WorldLayout shows
 * "Connecting..." meanwhile), so the page does not wait for the socket and
 * then for its data, one after the other. A route names it in its `handle`.
 */
export interface PrefetchWhileConnecting {
  prefetchWhileConnecting(dispatch: AppDispatch, worldId: string): void;
}

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
 * True once after `prefetchStarted` for this page and world: the page's first
 * mount then uses that request instead of making its own. Every later mount
 * gets false and fetches as it always does.
 */
export function takePrefetch(page: string, worldId: string): boolean {
  return started.delete(`${page} ${worldId}`);
}
