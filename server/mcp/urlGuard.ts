import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

/**
 * Where a world admin's MCP server may be (issue 22, SSRF): only public
 * unicast addresses, unless the operator allows private ones
 * (MCP_ALLOW_PRIVATE_URLS). Loopback, link-local (cloud metadata),
 * private, unique-local, carrier-grade NAT, unspecified (0.0.0.0, ::),
 * multicast and reserved ranges are refused, and so are IPv6 forms that
 * embed an IPv4 address (mapped, 6to4, Teredo, NAT64) unless the IPv4 inside is public.
 */
export class BlockedUrlError extends Error {}

/** Why `address` may not be reached, or undefined when it is a public unicast address. */
export function blockedAddress(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      const v4 = v6.toIPv4Address();
      const range = v4.range();
      return range === 'unicast'
        ? undefined
        : `${address} maps to ${v4.toString()}, a ${range} address`;
    } else {
      const embedded = embeddedIPv4(v6);
      if (embedded) return blockedAddress(embedded) && `${address} embeds ${embedded}`;
    }
  }
  const range = ip.range();
  return range === 'unicast' ? undefined : `${address} is a ${range} address`;
}

/** The IPv4 address a 6to4, NAT64 or Teredo IPv6 address carries, if it is one of those. */
function embeddedIPv4(ip: ipaddr.IPv6): string | undefined {
  const range = ip.range();
  const parts = ip.parts;
  const v4 = (hi: number, lo: number) =>
    [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].map((n) => String(n)).join('.');
  if (range === '6to4') return v4(parts[1]!, parts[2]!);
  if (range === 'rfc6052' || range === 'rfc6145') return v4(parts[6]!, parts[7]!);
  if (range === 'teredo') return v4(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff);
  return undefined;
}

/** The host of a URL as an address or name (IPv6 without its brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** host:port of a URL as MCP_ALLOWED_HOSTS lists it (the scheme's port when none is written). */
export const hostPort = (url: URL) =>
  `${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

/**
 * Refuses a URL that is not http(s) or whose host is an address that may not
 * be reached. Names are checked when they are resolved (guardedFetch).
 */
export function checkUrl(raw: string | URL, allowedHosts: readonly string[] = []): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError(`${String(raw)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedUrlError(`${url.protocol} URLs are not allowed (http or https only)`);
  if (url.username || url.password)
    throw new BlockedUrlError('A URL may not carry a user name or password (use headers)');
  const host = hostOf(url);
  if (allowedHosts.includes(hostPort(url))) return url;
  if (isIP(host)) {
    const why = blockedAddress(host);
    if (why) throw new BlockedUrlError(`${url.origin} is refused: ${why}`);
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new BlockedUrlError(`${url.origin} is refused: localhost is a loopback address`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup that fails for names resolving to any address that may not
 * be reached. It runs for every connection the agent makes, so a redirect to
 * another name and a name that changes its answer between two requests (DNS
 * rebinding) are checked against the address really connected to.
 */
function guardedLookup(
  allowedNames: Set<string>,
  hostname: string,
  options: object,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as unknown as LookupAddress[];
    for (const a of list) {
      if (allowedNames.has(hostname.toLowerCase())) break;
      const why = blockedAddress(a.address);
      if (why) {
        const refusal = new BlockedUrlError(`${hostname} is refused: ${why}`);
        return callback(Object.assign(refusal, { code: 'EMGEN_BLOCKED' }), []);
      }
    }
    const all = (options as { all?: boolean }).all;
    if (all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), []);
    callback(null, first.address, first.family);
  });
}

/** Most redirects one request follows. */
const MAX_REDIRECTS = 5;

export interface GuardedFetchOptions {
  /** MCP_ALLOW_PRIVATE_URLS: private addresses allowed (redirects are still followed by hand). */
  allowPrivate: boolean;
  /** Largest response body read; past it the body errors (MCP_MAX_RESULT_BYTES). */
  maxBytes: number;
  /** host:port pairs allowed although private (MCP_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
}

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for servers a world admin named: every hop's URL is checked, each
 * redirect is followed here (never by fetch itself) and checked again, names
 * are resolved through guardedLookup, and a response body longer than
 * maxBytes fails instead of filling memory.
 */
export function guardedFetch(opts: GuardedFetchOptions): { fetch: FetchLike; close(): void } {
  const allowedHosts = opts.allowedHosts ?? [];
  const allowedNames = new Set(allowedHosts.map((h) => h.replace(/:\d+$/, '')));
  const lookup = guardedLookup.bind(null, allowedNames);
  const dispatcher: Dispatcher = new Agent(
    opts.allowPrivate ? {} : { connect: { lookup: lookup as never } },
  );
  const fetch: FetchLike = async (input, init) => {
    let url = new URL(String(input));
    let request = init ?? {};
    for (let hop = 0; ; hop++) {
      if (!opts.allowPrivate) checkUrl(url, allowedHosts);
      else if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new BlockedUrlError(`${url.protocol} URLs are not allowed (http or https only)`);
      let response: Response;
      try {
        response = (await undiciFetch(url, {
          ...(request as object),
          redirect: 'manual',
          dispatcher,
        })) as unknown as Response;
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        if (cause instanceof BlockedUrlError) throw cause;
        throw err;
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return capped(response, opts.maxBytes);
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new BlockedUrlError(`More than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
      // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
      if (response.status === 303) request = { ...request, method: 'GET', body: undefined };
    }
  };
  return { fetch, close: () => void dispatcher.close() };
}

/** The response with a body that errors once more than `maxBytes` came through. */
function capped(response: Response, maxBytes: number): Response {
  if (!response.body) return response;
  let seen = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes)
        controller.error(new Error(`The response is too large (over ${maxBytes} bytes)`));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
