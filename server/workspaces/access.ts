import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';

/** Who asks for a workspace over REST: the signed-in user in the world of the request. */
export interface WorkspaceAsker {
  userId: string;
  worldId: string;
}

/**
 * THE check of every workspace REST route of the files and export area (files,
 * attach, remove, export): the workspace exists and belongs to the asker's
 * world. Private workspaces (open to their participants only) tighten this one
 * function; the routes call nothing else.
 */
export async function workspaceOpenTo(
  store: Store,
  asker: WorkspaceAsker,
  workspaceId: string,
): Promise<WorkspaceRow> {
  const ws = await store.workspaces.inWorld(workspaceId, asker.worldId);
  if (!ws) throw new UserError('This workspace does not exist', 404);
  return ws;
}
