import type { Action } from '@reduxjs/toolkit';

/** Strings longer than this are shortened in DevTools (the app itself keeps them whole). */
const MAX_STRING = 2000;
const BASE64_RUN = /^[A-Za-z0-9+/=\r\n]{512,}$/;

/** Returns a copy with long strings and base64 blobs shortened, so DevTools stays fast. */
export function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (value.length >= 512 && BASE64_RUN.test(value)) return `<<base64, ${value.length} chars>>`;
    if (value.length > MAX_STRING)
      return `${value.slice(0, MAX_STRING)}… <<${value.length} chars>>`;
    return value;
  }
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => shorten(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = shorten(v, depth + 1);
  return out;
}

export const devToolsOptions = {
  name: 'EMgen',
  // A long meeting produces thousands of frames; keep enough history to scroll back through one.
  maxAge: 1000,
  actionSanitizer: <A extends Action>(action: A): A => shorten(action) as A,
  stateSanitizer: <S>(state: S): S => shorten(state) as S,
};
