import { UserError } from '../../cog/userError';

/** An upload over the size cap: the route answers 413 with this message. */
export const tooLarge = (limitBytes: number): UserError =>
  new UserError(`File too large: the limit is ${formatLimit(limitBytes)}`, 413);

/** "100 MB", or bytes when the cap is tiny (tests). */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 0.01) return `${bytes} bytes`;
  return `${Number(mb.toFixed(2))} MB`;
}
