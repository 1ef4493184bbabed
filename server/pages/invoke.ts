import type { Cog, CogContext } from '../cog/registry';
import { withTimeout } from '../cog/timeout';

/** How long a page or flow cog may take before its caller gets an error (ms). */
export const DEFAULT_SCREEN_TIMEOUT_MS = 10_000;

/**
 * Runs a page or flow cog's handler (in-process, or the forwarder of a remote
 * app) with kvargs, failing with `${label} did not answer within N s` when it
 * takes longer than timeoutMs. A cog without a handler fails at once.
 */
export async function invokeCog(
  cog: Cog,
  kvargs: Record<string, unknown>,
  ctx: CogContext,
  opts: { timeoutMs: number; label: string },
): Promise<unknown> {
  const handler = cog.handler;
  if (!handler) throw new Error(`${opts.label} has no handler`);
  return withTimeout(
    handler({ kvargs }, ctx),
    opts.timeoutMs,
    () => new Error(`${opts.label} did not answer within ${opts.timeoutMs / 1000} s`),
  );
}

/** The message of anything thrown. */
export const messageOf = (err: unknown): string =>
  err instanceof Error ? err.message || 'Unknown error' : String(err);
