import { randomUUID } from 'node:crypto';
import { insertionOrder } from './insertionOrder';
import type { Queries } from './kysely';

export type WorkspaceStatus = 'draft' | 'active';

export interface WorkspaceRow {
  id: string;
  world_id: string;
  name: string | null;
  created_by: string | null;
  created_at: string;
  /** A draft is what "Create Workspace" opens; it is listed nowhere until activated. */
  status: WorkspaceStatus;
  /**
   * 1 when everyone in the world may open it; 0 when only its participants
   * (workspace_users) may. An INTEGER flag like is_admin, so both stores read alike.
   */
  shared: number;
}

/** Why a workspace id does not open for a user: unknown (or another world's, or deleted), or private. */
export type WorkspaceRefusal = 'missing' | 'forbidden';

/** What `access` answers: the workspace the user may open, or why not. */
export type WorkspaceAccess =
  | { workspace: WorkspaceRow; refused?: undefined }
  | { workspace?: undefined; refused: WorkspaceRefusal };

/** A draft nobody finished naming is deleted after this long. */
export const DRAFT_TTL_MS = 24 * 3600_000;

/** Workspaces of a world, with their experts, tool providers and the people who took part. */
export class WorkspacesRepository {
  constructor(private readonly q: Queries) {}

  /** Creates the workspace and, with createdBy, makes its creator its first person (one transaction). */
  async create(input: {
    worldId: string;
    name?: string | null;
    createdBy?: string | null;
    id?: string;
    status?: WorkspaceStatus;
    /** Open to everyone in the world (the seeded Welcome meeting); private by default. */
    shared?: boolean;
    now?: Date;
  }): Promise<WorkspaceRow> {
    const row: WorkspaceRow = {
      id: input.id ?? randomUUID(),
      world_id: input.worldId,
      name: input.name ?? null,
      created_by: input.createdBy ?? null,
      created_at: (input.now ?? new Date()).toISOString(),
      status: input.status ?? 'active',
      shared: input.shared ? 1 : 0,
    };
    await this.atomically(async (q) => {
      await q.insertInto('workspaces').values(row).execute();
      if (row.created_by) await new WorkspacesRepository(q).addUser(row.id, row.created_by);
    });
    return row;
  }

  /** A new unnamed draft (POST /api/action new_chat); stale drafts are purged first. */
  async createDraft(input: {
    worldId: string;
    createdBy: string;
    now?: Date;
  }): Promise<WorkspaceRow> {
    const now = input.now ?? new Date();
    await this.purgeStaleDrafts(now);
    return this.create({
      worldId: input.worldId,
      createdBy: input.createdBy,
      status: 'draft',
      now,
    });
  }

  /** Makes a draft a real workspace: from now on it is listed. */
  async activate(id: string): Promise<void> {
    await this.q.updateTable('workspaces').set({ status: 'active' }).where('id', '=', id).execute();
  }

  /** Deletes drafts created more than DRAFT_TTL_MS before now (with their experts and providers). */
  async purgeStaleDrafts(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - DRAFT_TTL_MS).toISOString();
    const result = await this.q
      .deleteFrom('workspaces')
      .where('status', '=', 'draft')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async byId(id: string): Promise<WorkspaceRow | undefined> {
    return this.q.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The workspace, only if it belongs to this world. */
  async inWorld(id: string, worldId: string): Promise<WorkspaceRow | undefined> {
    const ws = await this.byId(id);
    return ws && ws.world_id === worldId ? ws : undefined;
  }

  /**
   * May this user open this workspace (read its transcript, post, manage it)?
   * Yes when it is shared with its whole world or the user is one of its
   * participants (workspace_users). The caller has checked that the user is a
   * member of the workspace's world (the socket and REST guards do).
   */
  async mayOpen(ws: WorkspaceRow, userId: string): Promise<boolean> {
    return Number(ws.shared) === 1 || (await this.isParticipant(ws.id, userId));
  }

  /**
   * The workspace by id for a member of this world, or why it does not open:
   * 'missing' when it is unknown, deleted or another world's (whose existence
   * is not told), 'forbidden' when it is private and the user no participant.
   */
  async access(id: string, worldId: string, userId: string): Promise<WorkspaceAccess> {
    const ws = await this.inWorld(id, worldId);
    if (!ws) return { refused: 'missing' };
    return (await this.mayOpen(ws, userId)) ? { workspace: ws } : { refused: 'forbidden' };
  }

  /**
   * The active workspaces of this world this user may open — the ones they
   * take part in and the ones shared with the whole world — newest first.
   * This is the list to show a user (dashboard history, the conversations
   * sidebar); `listForUser` is narrower (participant only).
   */
  async openTo(worldId: string, userId: string, limit = 100): Promise<WorkspaceRow[]> {
    return this.q
      .selectFrom('workspaces as w')
      .selectAll('w')
      .where('w.world_id', '=', worldId)
      .where('w.status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb('w.shared', '=', 1),
          eb.exists(
            eb
              .selectFrom('workspace_users as wu')
              .select('wu.user_id')
              .whereRef('wu.workspace_id', '=', 'w.id')
              .where('wu.user_id', '=', userId),
          ),
        ]),
      )
      .orderBy('w.created_at', 'desc')
      .orderBy(insertionOrder(this.q, 'w'), 'desc')
      .limit(limit)
      .execute();
  }

  /** Shares the workspace with its whole world, or makes it private to its participants again. */
  async setShared(id: string, shared: boolean): Promise<void> {
    await this.q
      .updateTable('workspaces')
      .set({ shared: shared ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  /** The world's active workspaces, newest first (every one, whoever may open it: counts, admin pages). */
  async listForWorld(worldId: string, limit = 100): Promise<WorkspaceRow[]> {
    return this.q
      .selectFrom('workspaces')
      .selectAll()
      .where('world_id', '=', worldId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .orderBy(insertionOrder(this.q, 'workspaces'), 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The active workspaces of this world the user is a participant of
   * (workspace_users: its creator and the people invited), newest first.
   * Shared workspaces they are no participant of are not in it; to list what
   * a user may open, use `openTo`.
   */
  async listForUser(worldId: string, userId: string, limit = 100): Promise<WorkspaceRow[]> {
    return this.q
      .selectFrom('workspaces as w')
      .innerJoin('workspace_users as wu', 'wu.workspace_id', 'w.id')
      .selectAll('w')
      .where('w.world_id', '=', worldId)
      .where('wu.user_id', '=', userId)
      .where('w.status', '=', 'active')
      .orderBy('w.created_at', 'desc')
      .orderBy(insertionOrder(this.q, 'w'), 'desc')
      .limit(limit)
      .execute();
  }

  async rename(id: string, name: string): Promise<void> {
    await this.q.updateTable('workspaces').set({ name }).where('id', '=', id).execute();
  }

  /** The workspace's experts in the order they were added. */
  async expertIds(id: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('workspace_experts')
      .select('expert_id')
      .where('workspace_id', '=', id)
      .orderBy('added_at')
      .orderBy(insertionOrder(this.q, 'workspace_experts'))
      .execute();
    return rows.map((r) => r.expert_id);
  }

  /** False when the expert was already in the workspace. */
  async addExpert(id: string, expertId: string): Promise<boolean> {
    const result = await this.q
      .insertInto('workspace_experts')
      .values({ workspace_id: id, expert_id: expertId, added_at: new Date().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** False when the expert was not in the workspace. */
  async removeExpert(id: string, expertId: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('workspace_experts')
      .where('workspace_id', '=', id)
      .where('expert_id', '=', expertId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The workspace's tool providers in the order they were chosen. */
  async toolProviders(id: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('workspace_toolproviders')
      .select('provider_name')
      .where('workspace_id', '=', id)
      .orderBy(insertionOrder(this.q, 'workspace_toolproviders'))
      .execute();
    return rows.map((r) => r.provider_name);
  }

  /** False when the provider was already chosen. */
  async addToolProvider(id: string, provider: string): Promise<boolean> {
    const result = await this.q
      .insertInto('workspace_toolproviders')
      .values({ workspace_id: id, provider_name: provider })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** False when the provider was not chosen. */
  async removeToolProvider(id: string, provider: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('workspace_toolproviders')
      .where('workspace_id', '=', id)
      .where('provider_name', '=', provider)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Whether the user is one of the workspace's participants. */
  async isParticipant(id: string, userId: string): Promise<boolean> {
    const row = await this.q
      .selectFrom('workspace_users')
      .select('user_id')
      .where('workspace_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Makes the user a participant (idempotent): the creator, and the people
   * invited. Posting or editing does not: it is who may open a private workspace.
   */
  async addUser(id: string, userId: string): Promise<void> {
    await this.q
      .insertInto('workspace_users')
      .values({ workspace_id: id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** False when the user was no participant. */
  async removeUser(id: string, userId: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('workspace_users')
      .where('workspace_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The participants, by name. */
  async users(id: string): Promise<{ user_id: string; name: string }[]> {
    return this.q
      .selectFrom('workspace_users as wu')
      .innerJoin('users as u', 'u.id', 'wu.user_id')
      .select(['u.id as user_id', 'u.name as name'])
      .where('wu.workspace_id', '=', id)
      .orderBy('u.name')
      .execute();
  }

  /** Runs work in the caller's transaction, or in a new one when there is none. */
  private atomically<T>(work: (q: Queries) => Promise<T>): Promise<T> {
    return this.q.isTransaction ? work(this.q) : this.q.transaction().execute(work);
  }
}
