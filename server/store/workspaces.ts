import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import { insertionOrder } from './insertionOrder';
import type { Queries } from './kysely';
import type { Database } from './schema';

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
  /** Set while it is deleted (restorable until purged); null while it exists. */
  deleted_at: string | null;
}

/** A workspace as one person's list shows it: their pin and archive, its last activity. */
export interface ListedWorkspace extends WorkspaceRow {
  pinned_at: string | null;
  archived_at: string | null;
  /** The last message's time, else the workspace's creation. */
  active_at: string;
}

/** Which of the openable workspaces listOpenable answers. */
export interface OpenableFilter {
  /** Only this one (a check before acting on a workspace id). */
  id?: string;
  /** The deleted ones instead (what Undo may restore), else only the ones that exist. */
  deleted?: boolean;
  limit?: number;
}

/** Why a workspace id does not open for a user: unknown (or another world's, or deleted), or private. */
export type WorkspaceRefusal = 'missing' | 'forbidden';

/** What `access` answers: the workspace the user may open, or why not. */
export type WorkspaceAccess =
  | { workspace: WorkspaceRow; refused?: undefined }
  | { workspace?: undefined; refused: WorkspaceRefusal };

/** A draft nobody finished naming is deleted after this long. */
export const DRAFT_TTL_MS = 24 * 3600_000;

/**
 * How long a deleted workspace stays restorable (the flash's Undo, or support
 * on request) before purgeDeleted removes it with its transcript for good:
 * 30 days, as mail and chat apps keep their bins.
 */
export const WORKSPACE_PURGE_AFTER_MS = 30 * 24 * 3600_000;

/** Most workspaces one person's list holds. */
export const OPENABLE_LIMIT = 500;

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
      deleted_at: null,
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

  /** The workspace; a deleted one is not found (it no longer exists for anyone). */
  async byId(id: string): Promise<WorkspaceRow | undefined> {
    return this.q
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The workspace, only if it belongs to this world (and is not deleted). */
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

  /** mayOpen as a condition on `workspaces as w`: shared with the world, or a participant. */
  private openableBy(
    eb: ExpressionBuilder<Database & { w: Database['workspaces'] }, 'w'>,
    userId: string,
  ) {
    return eb.or([
      eb('w.shared', '=', 1),
      eb.exists(
        eb
          .selectFrom('workspace_users as wu')
          .select('wu.user_id')
          .whereRef('wu.workspace_id', '=', 'w.id')
          .where('wu.user_id', '=', userId),
      ),
    ]);
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
      .where('w.deleted_at', 'is', null)
      .where((eb) => this.openableBy(eb, userId))
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
      .where('deleted_at', 'is', null)
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
      .where('w.deleted_at', 'is', null)
      .orderBy('w.created_at', 'desc')
      .orderBy(insertionOrder(this.q, 'w'), 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * THE list of the workspaces this user may open in this world, with their
   * pin, archive and last activity, most recent activity first. The sidebar,
   * its search and every sidebar action on a workspace id go through here,
   * so it must list exactly the workspaces the user may open — no more
   * (search would leak transcripts), no less: the rule of mayOpen, in SQL
   * (openableBy).
   */
  async listOpenable(
    worldId: string,
    userId: string,
    filter: OpenableFilter = {},
  ): Promise<ListedWorkspace[]> {
    // The last message by seq (the messages_workspace index), not max(created_at) over all.
    const activeAt = sql<string>`coalesce((SELECT m.created_at FROM messages m
      WHERE m.workspace_id = w.id ORDER BY m.seq DESC LIMIT 1), w.created_at)`;
    return this.q
      .selectFrom('workspaces as w')
      .leftJoin('workspace_user_marks as mk', (join) =>
        join.onRef('mk.workspace_id', '=', 'w.id').on('mk.user_id', '=', userId),
      )
      .select([
        'w.id',
        'w.world_id',
        'w.name',
        'w.created_by',
        'w.created_at',
        'w.status',
        'w.deleted_at',
        'w.shared',
        'mk.pinned_at',
        'mk.archived_at',
        activeAt.as('active_at'),
      ])
      .where('w.world_id', '=', worldId)
      .where('w.status', '=', 'active')
      .where((eb) => this.openableBy(eb, userId))
      .where('w.deleted_at', filter.deleted ? 'is not' : 'is', null)
      .$if(filter.id !== undefined, (qb) => qb.where('w.id', '=', filter.id!))
      .orderBy(activeAt, 'desc')
      .orderBy('w.id')
      .limit(filter.limit ?? OPENABLE_LIMIT)
      .execute();
  }

  /** Sets or clears one person's pin and/or archive of a workspace. */
  async mark(
    id: string,
    userId: string,
    marks: { pinned?: boolean; archived?: boolean },
    now: Date = new Date(),
  ): Promise<void> {
    const at = now.toISOString();
    const set: { pinned_at?: string | null; archived_at?: string | null } = {};
    if (marks.pinned !== undefined) set.pinned_at = marks.pinned ? at : null;
    if (marks.archived !== undefined) set.archived_at = marks.archived ? at : null;
    if (Object.keys(set).length === 0) return;
    await this.q
      .insertInto('workspace_user_marks')
      .values({ workspace_id: id, user_id: userId, pinned_at: null, archived_at: null, ...set })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet(set))
      .execute();
  }

  /** Deletes softly: from now on no lookup finds it, until restore() or the purge. */
  async softDelete(id: string, now: Date = new Date()): Promise<void> {
    await this.q
      .updateTable('workspaces')
      .set({ deleted_at: now.toISOString() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Brings a soft-deleted workspace back; false when there was none to restore. */
  async restore(id: string): Promise<boolean> {
    const result = await this.q
      .updateTable('workspaces')
      .set({ deleted_at: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes for good (transcript and all) workspaces deleted more than WORKSPACE_PURGE_AFTER_MS ago. */
  async purgeDeleted(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - WORKSPACE_PURGE_AFTER_MS).toISOString();
    const result = await this.q
      .deleteFrom('workspaces')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
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
