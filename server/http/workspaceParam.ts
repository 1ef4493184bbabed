import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { workspaceOpenTo } from '../cog/workspaceAccess';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { invalidRequest } from './invalidRequest';

const paramsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * The workspace a /api/workspaces/:id route names, checked for the signed-in user and the
 * guarded world (workspaceOpenTo: 403 or 404 in the product's words when it does not open);
 * undefined once a malformed id has been answered with 400.
 */
export async function workspaceOfRoute(
  store: Store,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ ws: WorkspaceRow; worldId: string } | undefined> {
  const params = paramsSchema.safeParse(req.params);
  if (!params.success) {
    invalidRequest(reply, params);
    return undefined;
  }
  const worldId = req.world!.world_id;
  const ws = await workspaceOpenTo(store, worldId, req.signed!.user.id, params.data.id);
  return { ws, worldId };
}
