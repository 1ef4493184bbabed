import {
  CSRF_COOKIE,
  DEFAULT_CLIENT_VERSION,
  HEADER_BROWSER_ID,
  HEADER_CSRF,
  HEADER_VERSION,
  HEADER_WORLD_ID,
} from '../../protocol/constants';
import { getBrowserId } from '../ws/browserId';
import { worldIdFromPath } from '../features/world/worldPath';

export function readCookie(name: string, cookies = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The headers every request carries (SPEC §7): version, browser id, world id from the URL, CSRF. */
export function applyStandardHeaders(headers: Headers, fallbackWorldId?: string | null): Headers {
  headers.set(HEADER_VERSION, DEFAULT_CLIENT_VERSION);
  headers.set(HEADER_BROWSER_ID, getBrowserId());
  const worldId = worldIdFromPath(window.location.pathname) ?? fallbackWorldId;
  if (worldId) headers.set(HEADER_WORLD_ID, worldId);
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers.set(HEADER_CSRF, csrf);
  return headers;
}
