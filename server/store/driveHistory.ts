import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DriveDialect } from './driveDialect';
import { tagsOf, type FileRow } from './driveRows';
import { inTransaction, type Queries } from './kysely';
import type { Database } from './schema';

export type FileVersionRow = Selectable<Database['drive_file_versions']>;
export type TrashRow = Selectable<Database['drive_trash']>;

/** What a deletion did: its batch (for Undo) and the workspaces whose attachments went with it. */
export interface Trashed {
  batchId: string;
  files: FileRow[];
  workspaceIds: string[];
}

/** What an Undo did: the files back in place, or the paths taken meanwhile (nothing restored). */
export type Untrashed =
  { restored: FileRow[]; workspaceIds: string[] } | { taken: string[] } | { unknown: true };

/** What a purge removed: the blobs it may have freed, and the files gone for good. */
export interface Purged {
  hashes: string[];
  trashed: number;
  versions: number;
}

/** Rows handled per statement (bound parameters stay well under the caps). */
const CHUNK = 500;
/** Rows a purge removes per transaction, so one purge never holds the store long. */
const PURGE_BATCH = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the version a new one replaces (inside the upsert's transaction). */
export async function keepVersion(
  q: Queries,
  old: FileRow,
  replacedAt: string,
  by: string | null,
): Promise<void> {
  await q
    .insertInto('drive_file_versions')
    .values({
      file_id: old.id,
      drive_id: old.drive_id,
      version: old.version,
      name: old.name,
      mime_type: old.mime_type,
      size: old.size,
      hash: old.hash,
      created_at: old.updated_at,
      created_by: old.updated_by,
      replaced_at: replacedAt,
      replaced_by: by,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A drive file's past: its earlier versions, and deleted files. Deleting
 * moves the rows out of drive_files (with their tags, description and the
 * workspaces they were attached to) and drops their full-text rows, so
 * every other query sees them gone; Undo moves them back under the same ids
 * (their versions, keyed by file id, come back with them). Both are kept
 * until older than the retention, then purged.
 */
export class DriveHistory {
  constructor(
    private readonly q: Queries,
    private readonly dialect: DriveDialect,
  ) {}

  // ---- versions ---------------------------------------------------------------

  /** Whether a file, an earlier version or a deleted file still kept refers to the blob. */
  async hashInUse(hash: string): Promise<boolean> {
    const row = await this.q
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('drive_files').select('id').where('hash', '=', hash)).as('file'),
        eb
          .exists(eb.selectFrom('drive_file_versions').select('file_id').where('hash', '=', hash))
          .as('version'),
        eb
          .exists(eb.selectFrom('drive_trash').select('file_id').where('hash', '=', hash))
          .as('trash'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(row.file) || Boolean(row.version) || Boolean(row.trash);
  }

  /** The file's earlier versions, newest first. */
  versionsOf(fileId: number): Promise<FileVersionRow[]> {
    return this.q
      .selectFrom('drive_file_versions')
      .selectAll()
      .where('file_id', '=', fileId)
      .orderBy('version', 'desc')
      .execute();
  }

  versionOf(fileId: number, version: number): Promise<FileVersionRow | undefined> {
    return this.q
      .selectFrom('drive_file_versions')
      .selectAll()
      .where('file_id', '=', fileId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  // ---- trash --------------------------------------------------------------------

  /** Moves the files to the trash as one batch (one Undo). */
  trash(files: FileRow[], by: string | null, now = new Date()): Promise<Trashed> {
    const batchId = randomUUID();
    const at = now.toISOString();
    return inTransaction(this.q, async (q) => {
      await this.dialect.lockFiles(
        q,
        files.map((f) => f.id),
      );
      const workspaces = new Set<string>();
      for (const file of files) {
        const links = await q
          .selectFrom('workspace_files')
          .select('workspace_id')
          .where('drive_id', '=', file.drive_id)
          .where('path', '=', file.path)
          .execute();
        const ids = links.map((l) => l.workspace_id);
        for (const id of ids) workspaces.add(id);
        await q
          .insertInto('drive_trash')
          .values({
            file_id: file.id,
            drive_id: file.drive_id,
            batch_id: batchId,
            path: file.path,
            name: file.name,
            mime_type: file.mime_type,
            size: file.size,
            hash: file.hash,
            tags: JSON.stringify(tagsOf(file)),
            description: file.description,
            updated_at: file.updated_at,
            updated_by: file.updated_by,
            version: file.version,
            workspace_ids: JSON.stringify(ids),
            deleted_at: at,
            deleted_by: by,
          })
          .execute();
        await q
          .deleteFrom('workspace_files')
          .where('drive_id', '=', file.drive_id)
          .where('path', '=', file.path)
          .execute();
        await this.dialect.removeText(q, file.id);
      }
      for (const ids of chunks(files.map((f) => f.id))) {
        await q.deleteFrom('drive_file_tags').where('file_id', 'in', ids).execute();
        await q.deleteFrom('drive_files').where('id', 'in', ids).execute();
      }
      return { batchId, files, workspaceIds: [...workspaces] };
    });
  }

  /** The batch's files in the trash (of this drive: another drive's batch is unknown here). */
  batch(driveId: string, batchId: string): Promise<TrashRow[]> {
    return this.q
      .selectFrom('drive_trash')
      .selectAll()
      .where('drive_id', '=', driveId)
      .where('batch_id', '=', batchId)
      .orderBy('path')
      .execute();
  }

  /**
   * Puts a deleted batch back, all or nothing: refused with the paths taken
   * when a file was put at one of them meanwhile. The files come back under
   * their ids with their tags and versions, queued for indexing again.
   */
  untrash(driveId: string, batchId: string): Promise<Untrashed> {
    return inTransaction(this.q, async (q) => {
      const rows = await q
        .selectFrom('drive_trash')
        .selectAll()
        .where('drive_id', '=', driveId)
        .where('batch_id', '=', batchId)
        .orderBy('path')
        .execute();
      if (rows.length === 0) return { unknown: true };
      const taken: string[] = [];
      for (const part of chunks(rows.map((r) => r.path))) {
        const found = await q
          .selectFrom('drive_files')
          .select('path')
          .where('drive_id', '=', driveId)
          .where('path', 'in', part)
          .execute();
        taken.push(...found.map((f) => f.path));
      }
      if (taken.length > 0) return { taken: taken.sort() };
      const workspaces = new Set<string>();
      for (const r of rows) {
        const tags = parseIds(r.tags);
        await q
          .insertInto('drive_files')
          .values({
            id: r.file_id,
            drive_id: r.drive_id,
            path: r.path,
            name: r.name,
            mime_type: r.mime_type,
            size: r.size,
            hash: r.hash,
            tags: JSON.stringify(tags),
            description: r.description,
            updated_at: r.updated_at,
            updated_by: r.updated_by,
            version: r.version,
            indexed_at: null,
            index_state: 'queued',
            index_attempts: 0,
          })
          .execute();
        if (tags.length > 0) {
          await q
            .insertInto('drive_file_tags')
            .values(tags.map((tag) => ({ file_id: r.file_id, drive_id: r.drive_id, tag })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await this.dialect.putText(q, [
          {
            fileId: r.file_id,
            path: r.path,
            name: r.name,
            description: r.description ?? '',
            tags: tags.join(' '),
            body: '',
          },
        ]);
        // Attached again where it was, to the workspaces that still exist.
        const ids = parseIds(r.workspace_ids);
        if (ids.length > 0) {
          const alive = await q
            .selectFrom('workspaces')
            .select('id')
            .where('id', 'in', ids)
            .execute();
          for (const { id } of alive) {
            workspaces.add(id);
            await q
              .insertInto('workspace_files')
              .values({
                workspace_id: id,
                drive_id: r.drive_id,
                path: r.path,
                added_at: r.deleted_at,
              })
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
        }
      }
      await q
        .deleteFrom('drive_trash')
        .where('drive_id', '=', driveId)
        .where('batch_id', '=', batchId)
        .execute();
      const restored: FileRow[] = [];
      for (const part of chunks(rows.map((r) => r.file_id))) {
        restored.push(
          ...(await q.selectFrom('drive_files').selectAll().where('id', 'in', part).execute()),
        );
      }
      return { restored, workspaceIds: [...workspaces] };
    });
  }

  // ---- retention ------------------------------------------------------------------

  /**
   * Forgets deleted files (with all their versions) and replaced versions
   * older than `before` (an ISO time), a batch at a time; returns the blob
   * hashes they referred to, which the caller removes once nothing else
   * refers to them.
   */
  async purge(before: string): Promise<Purged> {
    const hashes = new Set<string>();
    let trashed = 0;
    let versions = 0;
    for (;;) {
      const done = await inTransaction(this.q, async (q) => {
        const old = await q
          .selectFrom('drive_trash')
          .select(['file_id', 'hash'])
          .where('deleted_at', '<', before)
          .orderBy('deleted_at')
          .limit(PURGE_BATCH)
          .execute();
        if (old.length === 0) return true;
        const ids = old.map((r) => r.file_id);
        const theirVersions = await q
          .selectFrom('drive_file_versions')
          .select('hash')
          .where('file_id', 'in', ids)
          .execute();
        for (const r of old) hashes.add(r.hash);
        for (const v of theirVersions) hashes.add(v.hash);
        await q.deleteFrom('drive_file_versions').where('file_id', 'in', ids).execute();
        await q.deleteFrom('drive_trash').where('file_id', 'in', ids).execute();
        trashed += old.length;
        versions += theirVersions.length;
        return old.length < PURGE_BATCH;
      });
      if (done) break;
    }
    for (;;) {
      const done = await inTransaction(this.q, async (q) => {
        const old = await q
          .selectFrom('drive_file_versions')
          .select(['file_id', 'version', 'hash'])
          .where('replaced_at', '<', before)
          .orderBy('replaced_at')
          .limit(PURGE_BATCH)
          .execute();
        for (const r of old) {
          hashes.add(r.hash);
          await q
            .deleteFrom('drive_file_versions')
            .where('file_id', '=', r.file_id)
            .where('version', '=', r.version)
            .execute();
        }
        versions += old.length;
        return old.length < PURGE_BATCH;
      });
      if (done) break;
    }
    return { hashes: [...hashes], trashed, versions };
  }
}
