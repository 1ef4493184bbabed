import { MAX_DRIVE_NAME } from '../../protocol';
import { UserError } from '../cog/userError';

/**
 * A drive name an administrator gives: it is a segment of the admin pages'
 * and the API's URLs and a key in its world, so it holds no slash, control
 * character or surrounding spaces, and is not "." or "..".
 */
export function normalizeDriveName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new UserError('Drive name is empty');
  if (name.length > MAX_DRIVE_NAME)
    throw new UserError(`Drive name is longer than ${MAX_DRIVE_NAME} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw new UserError('Drive name must not contain control characters');
  if (/[/\\]/.test(name)) throw new UserError('Drive name must not contain "/" or "\\"');
  if (name === '.' || name === '..') throw new UserError('Drive name must not be "." or ".."');
  return name;
}
