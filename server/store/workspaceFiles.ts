import { insertionOrder } from './insertionOrder';
import type { Queries } from './kysely';

/** A drive file added to a workspace (POST /api/workspace/add-file), by drive and path. */
export interface WorkspaceFileRow {
  drive_id: string;
  path: string;
  added_at: string;
}

/** The drive files added to workspaces. */
export class WorkspaceFilesRepository {
  constructor(private readonly q: Queries) {}

  /** Adds the file; adding it again changes nothing. */
  async add(workspaceId: string, driveId: string, path: string): Promise<void> {
    await this.q
      .insertInto('workspace_files')
      .values({
        workspace_id: workspaceId,
        drive_id: driveId,
        path,
        added_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The files added to a workspace, oldest first. */
  list(workspaceId: string): Promise<WorkspaceFileRow[]> {
    return this.q
      .selectFrom('workspace_files')
      .select(['drive_id', 'path', 'added_at'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('added_at')
      .orderBy(insertionOrder(this.q, 'workspace_files'))
      .execute();
  }

  /** The workspaces holding any of these files of the drive. */
  async workspacesHolding(driveId: string, paths: string[]): Promise<string[]> {
    const out = new Set<string>();
    for (let i = 0; i < paths.length; i += 500) {
      const rows = await this.q
        .selectFrom('workspace_files')
        .select('workspace_id')
        .where('drive_id', '=', driveId)
        .where('path', 'in', paths.slice(i, i + 500))
        .execute();
      for (const r of rows) out.add(r.workspace_id);
    }
    return [...out];
  }

  /** Takes the file off the workspace (the drive keeps it); whether it was there. */
  async remove(workspaceId: string, driveId: string, path: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('workspace_files')
      .where('workspace_id', '=', workspaceId)
      .where('drive_id', '=', driveId)
      .where('path', '=', path)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
