import {
  WORKSPACE_SEARCH_LIMIT,
  WORKSPACE_SEARCH_MAX_CHARS,
  type ClientFrame,
  type ListedWorkspace as WireWorkspace,
  type OperationResponse,
  type ServerContent,
  type ServerTyp,
  type WorkspaceSearchHit,
} from '../../protocol';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { UserError } from '../cog/userError';
import { mayManageAccess, WorkspaceUnavailable, workspaceOpenTo } from '../cog/workspaceAccess';
import { workspaceAudience } from '../meeting/audience';
import type { Store } from '../store';
import type { ListedWorkspace } from '../store/workspaces';
import { checkWorkspaceName } from './handlers';

/** The words of a search: letters, digits and underscore only (no FTS syntax gets through), at most 16. */
export function searchWords(q: string): string[] {
  return (q.slice(0, WORKSPACE_SEARCH_MAX_CHARS).match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 16);
}

function onWire(ws: ListedWorkspace): WireWorkspace {
  return {
    workspace_id: ws.id,
    name: ws.name,
    created_at: ws.created_at,
    active_at: ws.active_at,
    pinned: ws.pinned_at !== null,
    archived: ws.archived_at !== null,
  };
}

type SidebarWrite =
  | 'workspace.rename'
  | 'workspace.pin'
  | 'workspace.archive'
  | 'workspace.delete'
  | 'workspace.restore';

/**
 * The socket side of the sidebar of conversations (protocol/workspaceList.ts).
 * Every workspace id is checked against store.workspaces.listOpenable — the
 * one list of what the user may open in the connection's world — and a
 * workspace outside it is answered as unknown, whether it exists or not.
 */
/** Why a participant may not delete a shared conversation for everyone. */
export const NOT_MANAGER = 'Only the creator of this workspace or a world admin can delete it';

export function registerSidebarHandlers(hub: CogHub, deps: { store: Store; now?: () => Date }) {
  const { store } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The workspace by id if this user may open it (deleted: one they may restore). */
  async function openable(conn: CogConnection, id: string, deleted = false) {
    const [ws] = await store.workspaces.listOpenable(conn.worldId, conn.userId, { id, deleted });
    if (ws) return ws;
    // Told as the workspace page tells it: not open to you, or does not exist.
    if (!deleted) await workspaceOpenTo(store, conn.worldId, conn.userId, id);
    throw new WorkspaceUnavailable('missing', id);
  }

  /** Deleting and restoring are for whoever may manage the workspace (its creator, a world admin). */
  async function manageable(conn: CogConnection, id: string, deleted = false) {
    const ws = await openable(conn, id, deleted);
    if (!(await mayManageAccess(store, ws, conn.userId))) throw new UserError(NOT_MANAGER);
    return ws;
  }

  /** Everyone who should see the change: the people of the workspace and whoever has it open. */
  async function tellEveryone(
    worldId: string,
    workspaceId: string,
    change: ServerContent<'workspace.changed'>,
  ) {
    for (const user of await store.workspaces.users(workspaceId))
      hub.toUser(user.user_id, 'workspace.changed', change, worldId);
    workspaceAudience(hub, worldId, workspaceId).send('workspace.changed', change);
  }

  /** A write: `run` checks (throwing UserError) and writes; the answer says success or why not. */
  function operation<T extends SidebarWrite>(
    typ: T,
    run: (conn: CogConnection, frame: ClientFrame<T>) => Promise<void>,
  ) {
    hub.on(typ, async (conn, frame) => {
      let answer: OperationResponse;
      try {
        await run(conn, frame);
        answer = { status: 'success' };
      } catch (err) {
        if (!(err instanceof UserError)) {
          const message = err instanceof Error ? err.message : String(err);
          await store.console.append(conn.worldId, {
            app_name: 'emgen',
            from: 'workspace.error',
            message: `${typ} failed: ${message}`,
          });
        }
        answer = {
          status: 'error',
          error: err instanceof UserError ? err.message : 'Operation failed',
        };
      }
      hub.reply(conn, frame, `${typ}.response` as ServerTyp, answer);
    });
  }

  hub.on('workspace.list', async (conn, frame) => {
    const workspaces = await store.workspaces.listOpenable(conn.worldId, conn.userId);
    hub.reply(conn, frame, 'workspace.list.response', { workspaces: workspaces.map(onWire) });
  });

  hub.on('workspace.search', async (conn, frame) => {
    const q = frame.content.q;
    const words = searchWords(q);
    const results: WorkspaceSearchHit[] = [];
    if (words.length > 0) {
      // Archived workspaces are found too: search is how one gets back to them.
      const listed = await store.workspaces.listOpenable(conn.worldId, conn.userId);
      const lower = words.map((w) => w.toLocaleLowerCase());
      for (const ws of listed) {
        const name = (ws.name ?? '').toLocaleLowerCase();
        if (lower.every((w) => name.includes(w)))
          results.push({ kind: 'name', workspace_id: ws.id, name: ws.name });
      }
      const names = new Map(listed.map((ws) => [ws.id, ws.name]));
      const hits = await store.transcripts.search({
        words,
        workspaceIds: [...names.keys()],
        limit: WORKSPACE_SEARCH_LIMIT,
      });
      for (const hit of hits)
        results.push({
          kind: 'message',
          workspace_id: hit.workspace_id,
          name: names.get(hit.workspace_id) ?? null,
          message_id: hit.message_id,
          snippet: hit.snippet,
          created_at: hit.created_at,
        });
    }
    hub.reply(conn, frame, 'workspace.search.response', {
      q,
      results: results.slice(0, WORKSPACE_SEARCH_LIMIT),
    });
  });

  operation('workspace.rename', async (conn, frame) => {
    const ws = await openable(conn, frame.content.workspace_id);
    const name = checkWorkspaceName(frame.content.name);
    await store.workspaces.rename(ws.id, name);
    await tellEveryone(conn.worldId, ws.id, { workspace_id: ws.id, name });
  });

  // Pins and archives are the user's own: only their sockets hear of them.
  operation('workspace.pin', async (conn, frame) => {
    const ws = await openable(conn, frame.content.workspace_id);
    await store.workspaces.mark(ws.id, conn.userId, { pinned: frame.content.pinned }, now());
    hub.toUser(conn.userId, 'workspace.changed', { workspace_id: ws.id }, conn.worldId);
  });

  operation('workspace.archive', async (conn, frame) => {
    const ws = await openable(conn, frame.content.workspace_id);
    await store.workspaces.mark(ws.id, conn.userId, { archived: frame.content.archived }, now());
    hub.toUser(conn.userId, 'workspace.changed', { workspace_id: ws.id }, conn.worldId);
  });

  operation('workspace.delete', async (conn, frame) => {
    const ws = await manageable(conn, frame.content.workspace_id);
    // The sweep rides on deletions, as the drafts' purge rides on creations.
    await store.workspaces.purgeDeleted(now());
    await store.workspaces.softDelete(ws.id, now());
    await tellEveryone(conn.worldId, ws.id, { workspace_id: ws.id, deleted: true });
  });

  operation('workspace.restore', async (conn, frame) => {
    const ws = await manageable(conn, frame.content.workspace_id, true);
    await store.workspaces.restore(ws.id);
    await tellEveryone(conn.worldId, ws.id, { workspace_id: ws.id, deleted: false });
  });
}
