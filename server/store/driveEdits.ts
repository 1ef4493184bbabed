import { randomUUID } from 'node:crypto';
import type { DriveDialect } from './driveDialect';
import { cleanTags, tagsOf, type DriveRow, type FileRow } from './driveRows';
import { filesById } from './filesById';
import { inTransaction, type Queries } from './kysely';

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** What a move found in its way: the paths already taken (none were moved). */
export type MoveOutcome = { moved: FileRow[] } | { taken: string[] };

/** How a retag changes each file's tags: replaced by `set`, else `add`ed and `remove`d. */
export interface TagChange {
  set?: string[];
  add?: string[];
  remove?: string[];
}

/** One drive's storage: current files, earlier versions kept, deleted files kept. */
export interface DriveStorageRow {
  files: { count: number; size: number };
  versions: { count: number; size: number };
  trash: { count: number; size: number };
}

/**
 * An administrator's changes to drives and their files: creating and
 * renaming drives, moving files (a file or a whole folder keeps its id,
 * versions and index), retagging. The workspaces a moved file is attached
 * to follow it.
 */
export class DriveEdits {
  constructor(
    private readonly q: Queries,
    private readonly dialect: DriveDialect,
  ) {}

  /** A new drive of the world, or undefined when the world has one of that name. */
  async createDrive(
    worldId: string,
    name: string,
    now = new Date(),
  ): Promise<DriveRow | undefined> {
    const result = await this.q
      .insertInto('drives')
      .values({
        id: randomUUID(),
        world_id: worldId,
        name,
        app_name: null,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['world_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return result;
  }

  /** Renames a drive; false when the world has another drive of that name. */
  renameDrive(drive: DriveRow, name: string): Promise<boolean> {
    return inTransaction(this.q, async (q) => {
      const other = await q
        .selectFrom('drives')
        .select('id')
        .where('world_id', '=', drive.world_id)
        .where('name', '=', name)
        .where('id', '!=', drive.id)
        .executeTakeFirst();
      if (other) return false;
      await q.updateTable('drives').set({ name }).where('id', '=', drive.id).execute();
      return true;
    });
  }

  async storage(driveId: string): Promise<DriveStorageRow> {
    const sums = (table: 'drive_files' | 'drive_file_versions' | 'drive_trash') =>
      this.q
        .selectFrom(table)
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('size'),
          eb.fn.countAll<number>().as('count'),
        ])
        .where('drive_id', '=', driveId)
        .executeTakeFirstOrThrow();
    const [files, versions, trash] = await Promise.all([
      sums('drive_files'),
      sums('drive_file_versions'),
      sums('drive_trash'),
    ]);
    const read = (r: { size: number; count: number }) => ({
      size: Number(r.size),
      count: Number(r.count),
    });
    return { files: read(files), versions: read(versions), trash: read(trash) };
  }

  /** The drive's files under `folder` ("docs": every path starting "docs/"), by path. */
  filesUnder(driveId: string, folder: string, limit = 100_000): Promise<FileRow[]> {
    const prefix = `${folder}/`;
    return this.q
      .selectFrom('drive_files')
      .selectAll()
      .where('drive_id', '=', driveId)
      .where('path', '>=', prefix)
      .where('path', '<', `${prefix}\u{10FFFF}`)
      .orderBy('path')
      .limit(limit)
      .execute();
  }

  /**
   * Moves files to new paths in one transaction, or none of them when a new
   * path is taken by a file that is not moving. The full-text row's path and
   * name follow; so do the workspaces the files are attached to.
   */
  moveFiles(driveId: string, moves: { file: FileRow; to: string }[]): Promise<MoveOutcome> {
    return inTransaction(this.q, async (q) => {
      await this.dialect.lockFiles(
        q,
        moves.map((m) => m.file.id),
      );
      const moving = new Set(moves.map((m) => m.file.id));
      const taken: string[] = [];
      for (let i = 0; i < moves.length; i += 500) {
        const chunk = moves.slice(i, i + 500).map((m) => m.to);
        const rows = await q
          .selectFrom('drive_files')
          .select(['id', 'path'])
          .where('drive_id', '=', driveId)
          .where('path', 'in', chunk)
          .execute();
        for (const r of rows) if (!moving.has(r.id)) taken.push(r.path);
      }
      if (taken.length > 0) return { taken: taken.sort() };
      const moved: FileRow[] = [];
      for (const { file, to } of moves) {
        const name = baseName(to);
        await q
          .updateTable('drive_files')
          .set({ path: to, name })
          .where('id', '=', file.id)
          .execute();
        await this.dialect.updateMeta(q, file.id, { path: to, name });
        // A link left at the new path (none should be) would collide with the moved one.
        await q
          .deleteFrom('workspace_files')
          .where('drive_id', '=', driveId)
          .where('path', '=', to)
          .execute();
        await q
          .updateTable('workspace_files')
          .set({ path: to })
          .where('drive_id', '=', driveId)
          .where('path', '=', file.path)
          .execute();
        moved.push({ ...file, path: to, name });
      }
      return { moved };
    });
  }

  /** Changes the tags of these files (the upload's cleaning rules); the files whose tags changed. */
  retag(files: FileRow[], change: TagChange): Promise<FileRow[]> {
    return inTransaction(this.q, async (q) => {
      const ids = files.map((f) => f.id);
      await this.dialect.lockFiles(q, ids);
      // Read again once taken: another retag of the same files may have ended meanwhile, and
      // a change made to the tags read before it would undo that one's.
      const current = await filesById(q, ids);
      const removed = new Set((change.remove ?? []).map((t) => t.trim().toLowerCase()));
      const changed: FileRow[] = [];
      for (const file of files.flatMap((f) => current.get(f.id) ?? [])) {
        const before = tagsOf(file);
        const after = cleanTags(
          change.set ?? [
            ...before.filter((t) => !removed.has(t.toLowerCase())),
            ...(change.add ?? []),
          ],
        );
        if (after.length === before.length && after.every((t, i) => t === before[i])) continue;
        const tags = JSON.stringify(after);
        await q.updateTable('drive_files').set({ tags }).where('id', '=', file.id).execute();
        await q.deleteFrom('drive_file_tags').where('file_id', '=', file.id).execute();
        if (after.length > 0) {
          await q
            .insertInto('drive_file_tags')
            .values(after.map((tag) => ({ file_id: file.id, drive_id: file.drive_id, tag })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await this.dialect.updateMeta(q, file.id, { tags: after.join(' ') });
        changed.push({ ...file, tags });
      }
      return changed;
    });
  }
}
