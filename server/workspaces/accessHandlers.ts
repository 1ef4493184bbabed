import type { ClientFrame, OperationResponse, ServerTyp } from '../../protocol';
import { WORKSPACE_NOT_OPEN } from '../../protocol/workspaceAccess';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { UserError } from '../cog/userError';
import { mayManageAccess } from '../cog/workspaceAccess';
import { openWorkspace } from '../meeting/handlers';
import type { Store } from '../store';
import type { WorkspaceRow } from '../store/workspaces';

/** Why someone who may open a workspace cannot change who else may. */
export const NOT_ACCESS_MANAGER =
  'Only the creator of this workspace or a world admin can change who may open it';

type AccessOperation =
  'workspace.access.share' | 'workspace.access.invite' | 'workspace.access.remove';

/**
 * Who may open a workspace, from its management page (issue 20): whether it
 * is shared with the whole world, its participants, the world's members to
 * invite. Everyone who may open the workspace sees who has access; its
 * creator and the world's admins change it — as in Open WebUI and LibreChat,
 * where the owner (or an admin) shares a chat and the people it is shared
 * with do not pass it on. Access taken away ends at once: the sockets that
 * lose it get workspace.unavailable and no more of the workspace's frames.
 */
export function registerWorkspaceAccessHandlers(hub: CogHub, deps: { store: Store }): void {
  const { store } = deps;

  /** The open workspace, if this user may manage who opens it. */
  async function managed(conn: CogConnection): Promise<WorkspaceRow> {
    const ws = await openWorkspace(hub, store, conn);
    if (!(await mayManageAccess(store, ws, conn.userId))) throw new UserError(NOT_ACCESS_MANAGER);
    return ws;
  }

  /** A change answered with its .response: status 'success', or 'error' with the reason. */
  function operation<T extends AccessOperation>(
    typ: T,
    run: (conn: CogConnection, frame: ClientFrame<T>) => Promise<void>,
  ): void {
    hub.on(typ, async (conn, frame) => {
      let answer: OperationResponse;
      try {
        await run(conn, frame);
        answer = { status: 'success' };
      } catch (err) {
        if (!(err instanceof UserError)) throw err; // a fault: the hub reports and logs it
        answer = { status: 'error', error: err.message };
      }
      hub.reply(conn, frame, `${typ}.response` as ServerTyp, answer);
    });
  }

  /** Tells these sockets the workspace is no longer open to them; the hub stops its frames to them. */
  function revoked(ws: WorkspaceRow) {
    return { workspace_id: ws.id, reason: 'forbidden' as const, error: WORKSPACE_NOT_OPEN };
  }

  hub.on('workspace.access.details', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const people = await store.workspaces.users(ws.id);
    hub.reply(conn, frame, 'workspace.access.details.response', {
      shared: Number(ws.shared) === 1,
      participants: people.map((p) => ({
        user_id: p.user_id,
        name: p.name,
        ...(p.user_id === ws.created_by ? { creator: true } : {}),
      })),
      can_manage: await mayManageAccess(store, ws, conn.userId),
    });
  });

  hub.on('workspace.access.members', async (conn, frame) => {
    const ws = await managed(conn);
    hub.reply(conn, frame, 'workspace.access.members.response', {
      members: await store.users.members(ws.world_id),
    });
  });

  operation('workspace.access.share', async (conn, frame) => {
    const ws = await managed(conn);
    await store.workspaces.setShared(ws.id, frame.content.shared);
    if (frame.content.shared) return;
    // Everyone looking at it who is no participant loses it now, on every instance.
    const participants = (await store.workspaces.users(ws.id)).map((p) => p.user_id);
    hub.toAudience(
      { kind: 'workspace', worldId: ws.world_id, workspaceId: ws.id, exceptUsers: participants },
      'workspace.unavailable',
      revoked(ws),
    );
  });

  operation('workspace.access.invite', async (conn, frame) => {
    const ws = await managed(conn);
    const userId = frame.content.user_id;
    if (!(await store.users.access(userId, ws.world_id)))
      throw new UserError('Only members of this world can be invited');
    await store.workspaces.addUser(ws.id, userId);
  });

  operation('workspace.access.remove', async (conn, frame) => {
    const ws = await managed(conn);
    const userId = frame.content.user_id;
    if (userId === ws.created_by)
      throw new UserError('The creator of a workspace cannot be removed from it');
    if (!(await store.workspaces.removeUser(ws.id, userId)))
      throw new UserError('That person is not a participant of this workspace');
    // A shared workspace stays open to them as a member of the world.
    if (Number(ws.shared) !== 1)
      hub.toUser(userId, 'workspace.unavailable', revoked(ws), ws.world_id);
  });
}
