import type { CogHub } from '../../cog/hub';
import { UserError } from '../../cog/userError';
import type { Store } from '../../store';
import type { AppRegistry, Cog, CogContext } from '../../cog/registry';

/** Annotations that make a cog reachable from a browser's cog.call; nothing else is. */
export const CALLABLE_ANNOTATIONS = ['callable', 'command'] as const;

const adminOnly = (cog: Cog) =>
  CALLABLE_ANNOTATIONS.some((kind) => cog.annotations[kind]?.admin === true);

export interface CogCallTarget {
  appname: string;
  module: string;
  cog: string;
}

/**
 * Runs a cog for a signed-in user, in-process or forwarded to its remote app.
 * Only cogs annotated `callable` or `command` may be called; those with
 * `admin: true` on that annotation only by administrators of the world.
 */
export async function callCog(
  deps: { store: Store; registry: AppRegistry },
  target: CogCallTarget,
  input: { args?: unknown[]; kvargs?: Record<string, unknown> },
  ctx: CogContext & { userId: string },
): Promise<unknown> {
  const path = `${target.appname}/${target.module}/${target.cog}`;
  // Only what the caller's world sees: built-in apps and the world's own.
  const app = deps.registry.get(target.appname, ctx.worldId);
  if (!app) throw new UserError(`Unknown app "${target.appname}"`);
  const cog = app.cogs.find((c) => c.module === target.module && c.name === target.cog);
  if (!cog) throw new UserError(`Unknown cog ${path}`);
  if (!CALLABLE_ANNOTATIONS.some((kind) => cog.annotations[kind]) || !cog.handler)
    throw new UserError(`Cog ${path} is not callable`);
  if (adminOnly(cog) && !(await deps.store.users.access(ctx.userId, ctx.worldId))?.is_admin)
    throw new UserError('Administrators of this world only');
  return cog.handler({ args: input.args, kvargs: input.kvargs }, ctx);
}

/** A browser's cog.call (SPEC §7): answered with cog.call.response and the request's id. */
export function registerCogCalls(hub: CogHub, deps: { store: Store; registry: AppRegistry }): void {
  hub.runsLong('cog.call'); // a remote app may take seconds to answer
  hub.on('cog.call', async (conn, frame) => {
    const { appname, module, cog, args, kvargs } = frame.content;
    try {
      const result = await callCog(
        deps,
        { appname, module, cog },
        { args, kvargs },
        { worldId: conn.worldId, userId: conn.userId },
      );
      hub.reply(conn, frame, 'cog.call.response', {
        status: 'success',
        ...(result !== undefined ? { result } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message || 'Unknown error' : String(err);
      hub.reply(conn, frame, 'cog.call.response', { status: 'error', error });
    }
  });
}
