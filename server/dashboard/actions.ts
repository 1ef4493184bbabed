import type { ActionResponse } from '../../protocol';
import type { Cog, CogContext } from '../cog/registry';
import { UserError } from '../cog/userError';
import type { DashboardDeps } from './widgets';
import { workspaceOpenTo } from '../cog/workspaceAccess';
import { createWorkspaceUrl, workspaceUrl } from '../../protocol/paths';

/** The annotation that makes a cog a POST /api/action action; attrs { name }. */
export const ACTION_ANNOTATION = 'action';

/** An action cog: `run` gets the posted fields and the caller's world and user. */
export function actionCog(
  name: string,
  run: (fields: Record<string, unknown>, ctx: CogContext) => Promise<ActionResponse>,
): Cog {
  return {
    module: 'dashboard.actions',
    name,
    annotations: { [ACTION_ANNOTATION]: { name } },
    handler: async (args, ctx) => run(args.kvargs ?? {}, ctx),
  };
}

/** new_chat and open_workspace, the actions the core widgets run. */
export function coreActions(deps: DashboardDeps): Cog[] {
  const { store } = deps;
  return [
    // A draft: the management page names it and picks experts; until then no list shows it.
    actionCog('new_chat', async (_fields, ctx) => {
      if (!ctx.userId) throw new UserError('Not signed in', 401);
      const ws = await store.workspaces.createDraft({
        worldId: ctx.worldId,
        createdBy: ctx.userId,
        now: deps.now?.(),
      });
      return { status: 'ok', redirect_url: createWorkspaceUrl(ctx.worldId, ws.id) };
    }),
    actionCog('open_workspace', async (fields, ctx) => {
      const id = fields.workspace_id;
      if (typeof id !== 'string' || !id) throw new UserError('workspace_id is required');
      if (!ctx.userId) throw new UserError('Not signed in', 401);
      // Not open to the user (private) or gone: refused in the product's words, 403 / 404.
      await workspaceOpenTo(store, ctx.worldId, ctx.userId, id);
      return { status: 'ok', redirect_url: workspaceUrl(ctx.worldId, id) };
    }),
  ];
}
