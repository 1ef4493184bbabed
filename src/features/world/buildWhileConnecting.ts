/**
 * A page built while its world's socket connects, hidden under "Connecting...":
 * its first screen then waits only for its data, not for its own making as
 * well (a workspace page is ~100 ms of work on a laptop, several times that on
 * a phone). The page's frames wait for the socket in the cog middleware as
 * they do on a reconnect. A route names it in its `handle`; the search
 * parameters say which of a route's pages it is.
 */
export interface BuildWhileConnecting {
  buildWhileConnecting(search: URLSearchParams): boolean;
}

export function buildsWhileConnecting(handle: unknown, search: string): boolean {
  if (typeof handle !== 'object' || handle === null) return false;
  const build = (handle as Partial<BuildWhileConnecting>).buildWhileConnecting;
  return typeof build === 'function' && build(new URLSearchParams(search));
}
