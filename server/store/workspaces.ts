import { randomUUID } from 'node:crypto';
import type { Db } from './db';

export type WorkspaceStatus = 'draft' | 'active';

export interface WorkspaceRow {
  id: string;
  world_id: string;
  name: string | null;
  created_by: string | null;
  created_at: string;
  /** A draft is what "Create Workspace" opens; it is listed nowhere until activated. */
  status: WorkspaceStatus;
}

/** A draft nobody finished naming is deleted after this long. */
export const DRAFT_TTL_MS = 24 * 3600_000;

/** Workspaces of a world, with their experts, tool providers and the people who took part. */
export class WorkspacesRepository {
  constructor(private readonly db: Db) {}

  create(input: {
    worldId: string;
    name?: string | null;
    createdBy?: string | null;
    id?: string;
    status?: WorkspaceStatus;
    now?: Date;
  }): WorkspaceRow {
    const id = input.id ?? randomUUID();
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO workspaces (id, world_id, name, created_by, created_at, status) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          id,
          input.worldId,
          input.name ?? null,
          input.createdBy ?? null,
          (input.now ?? new Date()).toISOString(),
          input.status ?? 'active',
        );
      if (input.createdBy) this.addUser(id, input.createdBy);
    })();
    return this.byId(id)!;
  }

  /** A new unnamed draft (POST /api/action new_chat); stale drafts are purged first. */
  createDraft(input: { worldId: string; createdBy: string; now?: Date }): WorkspaceRow {
    const now = input.now ?? new Date();
    this.purgeStaleDrafts(now);
    return this.create({
      worldId: input.worldId,
      createdBy: input.createdBy,
      status: 'draft',
      now,
    });
  }

  /** Makes a draft a real workspace: from now on it is listed. */
  activate(id: string): void {
    this.db.prepare("UPDATE workspaces SET status = 'active' WHERE id = ?").run(id);
  }

  /** Deletes drafts created more than DRAFT_TTL_MS before now (with their experts and providers). */
  purgeStaleDrafts(now: Date = new Date()): number {
    const cutoff = new Date(now.getTime() - DRAFT_TTL_MS).toISOString();
    return this.db
      .prepare("DELETE FROM workspaces WHERE status = 'draft' AND created_at < ?")
      .run(cutoff).changes;
  }

  byId(id: string): WorkspaceRow | undefined {
    return this.db.prepare('SELECT * FROM workspaces WHERE id = ?').get(id) as
      WorkspaceRow | undefined;
  }

  /** The workspace, only if it belongs to this world. */
  inWorld(id: string, worldId: string): WorkspaceRow | undefined {
    const ws = this.byId(id);
    return ws && ws.world_id === worldId ? ws : undefined;
  }

  /** The world's active workspaces, newest first. */
  listForWorld(worldId: string, limit = 100): WorkspaceRow[] {
    return this.db
      .prepare(
        `SELECT * FROM workspaces WHERE world_id = ? AND status = 'active'
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(worldId, limit) as WorkspaceRow[];
  }

  /** The active workspaces of this world the user took part in (workspace_users), newest first. */
  listForUser(worldId: string, userId: string, limit = 100): WorkspaceRow[] {
    return this.db
      .prepare(
        `SELECT w.* FROM workspaces w JOIN workspace_users wu ON wu.workspace_id = w.id
         WHERE w.world_id = ? AND wu.user_id = ? AND w.status = 'active'
         ORDER BY w.created_at DESC, w.rowid DESC LIMIT ?`,
      )
      .all(worldId, userId, limit) as WorkspaceRow[];
  }

  rename(id: string, name: string): void {
    this.db.prepare('UPDATE workspaces SET name = ? WHERE id = ?').run(name, id);
  }

  expertIds(id: string): string[] {
    return (
      this.db
        .prepare(
          'SELECT expert_id FROM workspace_experts WHERE workspace_id = ? ORDER BY added_at, rowid',
        )
        .all(id) as { expert_id: string }[]
    ).map((r) => r.expert_id);
  }

  addExpert(id: string, expertId: string): boolean {
    return (
      this.db
        .prepare(
          'INSERT OR IGNORE INTO workspace_experts (workspace_id, expert_id, added_at) VALUES (?, ?, ?)',
        )
        .run(id, expertId, new Date().toISOString()).changes > 0
    );
  }

  removeExpert(id: string, expertId: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM workspace_experts WHERE workspace_id = ? AND expert_id = ?')
        .run(id, expertId).changes > 0
    );
  }

  toolProviders(id: string): string[] {
    return (
      this.db
        .prepare(
          'SELECT provider_name FROM workspace_toolproviders WHERE workspace_id = ? ORDER BY rowid',
        )
        .all(id) as { provider_name: string }[]
    ).map((r) => r.provider_name);
  }

  addToolProvider(id: string, provider: string): boolean {
    return (
      this.db
        .prepare(
          'INSERT OR IGNORE INTO workspace_toolproviders (workspace_id, provider_name) VALUES (?, ?)',
        )
        .run(id, provider).changes > 0
    );
  }

  removeToolProvider(id: string, provider: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM workspace_toolproviders WHERE workspace_id = ? AND provider_name = ?')
        .run(id, provider).changes > 0
    );
  }

  addUser(id: string, userId: string): void {
    this.db
      .prepare('INSERT OR IGNORE INTO workspace_users (workspace_id, user_id) VALUES (?, ?)')
      .run(id, userId);
  }

  users(id: string): { user_id: string; name: string }[] {
    return this.db
      .prepare(
        `SELECT u.id AS user_id, u.name AS name FROM workspace_users wu
         JOIN users u ON u.id = wu.user_id WHERE wu.workspace_id = ? ORDER BY u.name`,
      )
      .all(id) as { user_id: string; name: string }[];
  }
}
