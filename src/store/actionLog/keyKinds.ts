/** Keys whose values are secrets wherever they appear (SPEC: passwords, PINs, tokens, cookies, CSRF). */
const SECRET_KEY = /password|passwd|^pin$|token|secret|cookie|csrf|authorization|api[-_]?key/i;
/** A drive file's bytes travel as `Content` (SPEC §3 File); messages' `content` is text and stays. */
const FILE_CONTENT_KEY = 'Content';

export const PLAIN = 0;
export const SECRET = 1;
export const FILE_CONTENT = 2;
export type KeyKind = typeof PLAIN | typeof SECRET | typeof FILE_CONTENT;

/**
 * The same few dozen keys come by on every action, and a case-insensitive
 * alternation costs several times a map lookup. Keys come from the server
 * too (ids as record keys), so the memo is emptied rather than left to grow.
 */
const MAX_REMEMBERED = 4096;
const remembered = new Map<string, KeyKind>();

/** What a value under `key` is, judged by the key's name alone. */
export function keyKind(key: string): KeyKind {
  let kind = remembered.get(key);
  if (kind === undefined) {
    kind = SECRET_KEY.test(key) ? SECRET : key === FILE_CONTENT_KEY ? FILE_CONTENT : PLAIN;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, kind);
  }
  return kind;
}
