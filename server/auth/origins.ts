import type { FastifyRequest } from 'fastify';
import { bareOrigin, type Config } from '../config';

/** The reason a browser socket opened by a page of another origin is closed with (4403). */
export const ORIGIN_NOT_ALLOWED = 'Origin not allowed';

export interface OriginPolicy {
  /** May a page of this request's Origin open a cookie-authenticated socket? */
  allows(req: FastifyRequest): boolean;
}

/**
 * Which pages may open the browser sockets (cog and audio). A socket carries
 * the session cookie whatever page opens it, so without this check any page
 * the browser shows — a sibling subdomain, another port of the same host —
 * could act as the signed-in user (cross-site WebSocket hijacking).
 *
 * Allowed: ALLOWED_ORIGINS, and PUBLIC_URL's origin when it is set; without
 * PUBLIC_URL, pages of the host the request was sent to (`Host`, or
 * `X-Forwarded-Host` only with TRUST_PROXY, which Fastify's `req.host`
 * already follows). There the host name and port are compared and the scheme
 * is not: without an https PUBLIC_URL the cookie is not Secure and http and
 * https of one host share it anyway, and a TLS proxy without TRUST_PROXY
 * would otherwise lock its own users out.
 */
export function originPolicy(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>): OriginPolicy {
  const listed = new Set(config.ALLOWED_ORIGINS);
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  return {
    allows(req) {
      const header = req.headers.origin;
      // Browsers always send Origin on a WebSocket handshake, and hijacking a
      // socket needs a browser that adds the victim's cookie on its own. A
      // client without Origin is no browser: it holds the cookie itself
      // (scripts, tests) and could use the REST API as well, so it may connect.
      if (header === undefined) return true;
      const origin = bareOrigin(header); // 'null' (sandboxed frames, files) is no origin
      if (!origin) return false;
      if (listed.has(origin)) return true;
      if (publicOrigin) return origin === publicOrigin;
      return sameHost(origin, req.host);
    },
  };
}

/** A Host value with anything but a name (or [address]) and a port is no host. */
const HOST_VALUE = /^[^/@?#\\\s]+$/;

function sameHost(origin: string, requestHost: string): boolean {
  if (!HOST_VALUE.test(requestHost)) return false;
  const page = new URL(origin);
  try {
    // Spelled like the page's host: lower case, the scheme's default port dropped.
    return new URL(`${page.protocol}//${requestHost}`).host === page.host;
  } catch {
    return false; // a Host header that is no host
  }
}
