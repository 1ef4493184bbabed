import { workspaceRefusalText, type WorkspaceRefusal } from '../../protocol/workspaceAccess';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';
import { UserError } from './userError';

/**
 * A workspace id that does not open for this user, told in the product's
 * words ('This workspace is not open to you' / 'This workspace does not
 * exist') with the REST status (403 / 404) and the reason the socket's
 * workspace.unavailable frame carries.
 */
export class WorkspaceUnavailable extends UserError {
  constructor(
    readonly reason: WorkspaceRefusal,
    readonly workspaceId: string,
  ) {
    super(workspaceRefusalText(reason), reason === 'forbidden' ? 403 : 404);
  }
}

/**
 * The one check every REST route and socket message that takes a workspace id
 * goes through: the workspace, if it is in this world and the user may open
 * it (a participant, or everyone when it is shared); else WorkspaceUnavailable.
 */
export async function workspaceOpenTo(
  store: Store,
  worldId: string,
  userId: string,
  workspaceId: string,
): Promise<WorkspaceRow> {
  const access = await store.workspaces.access(workspaceId, worldId, userId);
  if (!access.workspace) throw new WorkspaceUnavailable(access.refused, workspaceId);
  return access.workspace;
}

/** Whether the user may share the workspace, invite and remove people: its creator or a world admin. */
export async function mayManageAccess(
  store: Store,
  ws: WorkspaceRow,
  userId: string,
): Promise<boolean> {
  if (ws.created_by === userId) return true;
  return Boolean((await store.users.access(userId, ws.world_id))?.is_admin);
}
