import { safeLinkUrl } from '../../protocol';

/** Keys whose string values the browser follows or shows as a link (service_url, home_link, url...). */
const LINK_KEY = /^(url|href|link)$|_(url|link)$/i;

/** Does a value under this key reach the browser as a link? */
export const isLinkKey = (key: string): boolean => LINK_KEY.test(key);

/** JSON nested deeper than this is refused rather than walked. */
const MAX_DEPTH = 64;

/** A link that was left out, with where it was (e.g. `experts[2].home_link`). */
export interface DroppedLink {
  where: string;
  value: unknown;
}

/**
 * A copy of a JSON value from an app without the links that are neither
 * http(s) URLs nor paths on this site (javascript:, data:, `//host`...), and
 * where each one was. Throws for values nested deeper than MAX_DEPTH.
 */
export function withoutUnsafeLinks<T>(value: T): { value: T; dropped: DroppedLink[] } {
  const dropped: DroppedLink[] = [];
  const walk = (v: unknown, where: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new Error(`it is nested more than ${MAX_DEPTH} levels deep`);
    if (Array.isArray(v)) return v.map((item, i) => walk(item, `${where}[${i}]`, depth + 1));
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      const at = where ? `${where}.${key}` : key;
      if (isLinkKey(key) && item !== undefined && item !== null && !safeLinkUrl(item)) {
        dropped.push({ where: at, value: item });
        continue;
      }
      out[key] = walk(item, at, depth + 1);
    }
    return out;
  };
  return { value: walk(value, '', 0) as T, dropped };
}

/** A value as it is quoted in a message: JSON, strings cut at 100 characters. */
export const quoted = (v: unknown): string =>
  JSON.stringify(typeof v === 'string' ? v.slice(0, 100) : v) ?? String(v);
