const SAME_SITE = 'http://same-site.invalid';

/**
 * A path to go to after sign-in, if it stays on this site; else undefined.
 * Judged the way a browser reads a Location header (which drops tabs and
 * newlines and takes `\` for `/`, so `/\t/evil.example` is `//evil.example`),
 * and answered in that normalised, percent-encoded form, which is always a
 * valid header value. A normalised path starting `//` (from `/..//evil.example`)
 * would read as another host, so it is refused too.
 */
export function safeNextPath(next: unknown): string | undefined {
  if (typeof next !== 'string' || !next.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return undefined; // e.g. `//:x`: a broken host, never a same-site path
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === SAME_SITE && !path.startsWith('//') ? path : undefined;
}

/** An absolute http: or https: URL in its parsed form; else undefined (javascript:, data:, `//host`, relative...). */
export function httpUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link an app may give the browser (service_url, home_link, ...): an http(s)
 * URL or a path on this site, normalised; undefined for anything else.
 */
export function safeLinkUrl(url: unknown): string | undefined {
  return httpUrl(url) ?? safeNextPath(url);
}
