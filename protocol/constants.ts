/**
 * Plain constants of the REST calls and the socket, apart from the zod
 * schemas of rest.ts and frame.ts: /login needs a cookie name and a close
 * code, and importing either of those files would bring zod into its bundle
 * (DESIGN §8).
 */

export const HEADER_VERSION = 'X-Client-Version';
export const HEADER_BROWSER_ID = 'X-Browser-Id';
export const HEADER_WORLD_ID = 'X-World-Id';
export const HEADER_CSRF = 'X-CSRF-Token';
export const CSRF_COOKIE = 'emgen_csrf';
export const SESSION_COOKIE = 'emgen_session';
/**
 * Set beside the session cookie and, unlike it, readable by the page: /login
 * asks the server about a session only when the browser may hold one, so a
 * signed-out visit makes no request that fails. It proves nothing; the
 * session cookie does.
 */
export const SIGNED_IN_COOKIE = 'emgen_signed_in';
export const DEFAULT_CLIENT_VERSION = '1.0.0';

/** A session log file (src/store/actionLog/format.ts): its format name and version. */
export const ACTION_LOG_FORMAT = 'emgen-action-log';
export const ACTION_LOG_VERSION = 1;

/** Close codes of /api/ws/cog the browser acts on; neither is retried. */
export const CLOSE_NOT_SIGNED_IN = 4401;
export const CLOSE_WORLD_FORBIDDEN = 4403;
/**
 * A server that is stopping closes its sockets with 1012 (Service Restart):
 * clients reconnect, as after any close but the two above, and behind a load
 * balancer reach another instance.
 */
export const CLOSE_SERVER_RESTARTING = 1012;
export const CLOSE_SERVER_RESTARTING_REASON = 'Server restarting; reconnect';
