/**
 * Why a copy stopped, with nothing committed to the target: `input` when the
 * operator can correct the command (a missing store, an unreachable or
 * non-empty target), `failed` when the data or the schemas do not allow it.
 */
export class CopyError extends Error {
  constructor(
    message: string,
    readonly reason: 'input' | 'failed',
  ) {
    super(message);
  }
}
