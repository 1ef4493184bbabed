/** The text of whatever was thrown, for an error frame or a console entry. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  try {
    return String(err);
  } catch {
    return 'Unknown error'; // e.g. an object whose toString throws
  }
}
