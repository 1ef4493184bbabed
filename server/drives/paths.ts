import { UserError } from '../cog/userError';

/**
 * Drive paths are names inside a drive, never file-system paths: bytes live in
 * the content-addressed blob store, so a drive path is only ever a database
 * key. They are still held to the rules of DESIGN §6 so that nothing that
 * looks like a way out of the drive is stored or accepted.
 */

export const MAX_PATH_LENGTH = 1024;

/**
 * Checks one drive path ("docs/report.pdf") and returns it unchanged, or
 * throws UserError (the route answers 400 with its message).
 */
export function normalizeDrivePath(raw: string, what = 'File path'): string {
  if (raw.length === 0) throw new UserError(`${what} is empty`);
  if (raw.length > MAX_PATH_LENGTH)
    throw new UserError(`${what} is longer than ${MAX_PATH_LENGTH} characters`);
  if (raw.includes('\0')) throw new UserError(`${what} must not contain a NUL character`);
  if (raw.includes('\\')) throw new UserError(`${what} must not contain backslashes`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new UserError(`${what} must be relative to the drive (no leading "/")`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(raw))
    throw new UserError(`${what} must not contain control characters`);
  const segments = raw.split('/');
  for (const s of segments) {
    if (s === '..') throw new UserError(`${what} must not contain ".." segments`);
    if (s === '.') throw new UserError(`${what} must not contain "." segments`);
    if (s === '')
      throw new UserError(`${what} must not contain empty segments ("//" or a trailing "/")`);
  }
  return raw;
}

/**
 * A folder given with an upload or a listing ("docs", "docs/2024/", "" or "/"
 * for the root): returned without the trailing slash, "" for the root.
 */
export function normalizeFolder(raw: string | undefined, what = 'Folder'): string {
  if (raw === undefined) return '';
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === '/') return '';
  return normalizeDrivePath(trimmed.replace(/\/+$/, ''), what);
}

/** The path of `name` inside `folder`. */
export function joinDrivePath(folder: string, name: string): string {
  return normalizeDrivePath(folder ? `${folder}/${name}` : name);
}

/** The last segment of a drive path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The lower-case extension of a drive path without the dot, or "". */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * A listing prefix ("docs/", "docs/rep", "" or "/" for everything): the same
 * rules as a path, except that it may end with "/".
 */
export function normalizePrefix(raw: string | undefined): string {
  if (raw === undefined || raw === '' || raw === '/') return '';
  const folder = raw.endsWith('/');
  const checked = normalizeDrivePath(folder ? raw.slice(0, -1) : raw, 'Path prefix');
  return folder ? `${checked}/` : checked;
}
