import { randomUUID } from 'node:crypto';
import { DriveEdits } from './driveEdits';
import { DriveHistory, keepVersion } from './driveHistory';
import { FileIndexing } from './fileIndexing';
import { DriveListings, taggedIds } from './driveListings';
import { driveDialectOf, type DriveDialect, type TextHit, type TextQuery } from './driveDialect';
import {
  cleanTags,
  tagsOf,
  type DriveRow,
  type FileRow,
  type ListOptions,
  type SortBy,
} from './driveRows';
import { filesById } from './filesById';
import { inTransaction, type Queries } from './kysely';

export { cleanTags, tagsOf };
export type { DriveRow, FileRow, ListOptions, SortBy, TextHit, TextQuery };

/** Files per statement in a bulk import (6–8 bound parameters each). */
const IMPORT_BATCH = 500;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

type NewDrive = { worldId: string; name: string; appName?: string | null };

/** Drives, their files, tags and full-text rows. */
export class DrivesRepository {
  private readonly dialect: DriveDialect;
  /** Where each file version's indexing stands (the job queue's side of the row). */
  readonly indexing: FileIndexing;
  /** An administrator's changes (drives created and renamed, files moved and retagged); the past. */
  readonly edits: DriveEdits;
  readonly history: DriveHistory;
  /** Listing totals and deep-page anchors, kept while the drive is unchanged. */
  private readonly listings: DriveListings;

  constructor(private readonly q: Queries) {
    this.listings = new DriveListings(q);
    this.dialect = driveDialectOf(q);
    this.indexing = new FileIndexing(q);
    this.edits = new DriveEdits(q, this.dialect);
    this.history = new DriveHistory(q, this.dialect);
  }

  // ---- drives ---------------------------------------------------------------

  /** The world's drive of that name, created if missing (two callers at once get the same one). */
  async ensureDrive(input: NewDrive): Promise<DriveRow> {
    await this.q
      .insertInto('drives')
      .values({
        id: randomUUID(),
        world_id: input.worldId,
        name: input.name,
        app_name: input.appName ?? null,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['world_id', 'name']).doNothing())
      .execute();
    return (await this.driveByName(input.worldId, input.name))!;
  }

  driveById(id: string): Promise<DriveRow | undefined> {
    return this.q.selectFrom('drives').selectAll().where('id', '=', id).executeTakeFirst();
  }

  driveByName(worldId: string, name: string): Promise<DriveRow | undefined> {
    return this.q
      .selectFrom('drives')
      .selectAll()
      .where('world_id', '=', worldId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The world's drives by name, its own before the apps'. */
  drivesOf(worldId: string, includeAppDrives: boolean): Promise<DriveRow[]> {
    return this.q
      .selectFrom('drives')
      .selectAll()
      .where('world_id', '=', worldId)
      .$if(!includeAppDrives, (qb) => qb.where('app_name', 'is', null))
      .orderBy((eb) => eb('app_name', 'is not', null))
      .orderBy('name')
      .execute();
  }

  async stats(driveId: string): Promise<{ totalSize: number; fileCount: number }> {
    const row = await this.q
      .selectFrom('drive_files')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('totalSize'),
        eb.fn.countAll<number>().as('fileCount'),
      ])
      .where('drive_id', '=', driveId)
      .executeTakeFirstOrThrow();
    return { totalSize: Number(row.totalSize), fileCount: Number(row.fileCount) };
  }

  /** The drive's tags with how many files carry each, most used first. */
  async tagCounts(driveId: string, limit = 100): Promise<{ Name: string; Count: number }[]> {
    const rows = await this.q
      .selectFrom('drive_file_tags')
      .select((eb) => [eb.fn.min('tag').as('Name'), eb.fn.countAll<number>().as('Count')])
      .where('drive_id', '=', driveId)
      .groupBy('tag')
      .orderBy('Count', 'desc')
      .orderBy('Name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ Name: r.Name, Count: Number(r.Count) }));
  }

  // ---- files ----------------------------------------------------------------

  fileById(id: number): Promise<FileRow | undefined> {
    return this.q.selectFrom('drive_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  fileByPath(driveId: string, path: string): Promise<FileRow | undefined> {
    return this.q
      .selectFrom('drive_files')
      .selectAll()
      .where('drive_id', '=', driveId)
      .where('path', '=', path)
      .executeTakeFirst();
  }

  filesByIds(ids: number[]): Promise<Map<number, FileRow>> {
    return filesById(this.q, ids);
  }

  /**
   * Takes the rows of the files now at these paths (in a transaction: until
   * it ends), all before any is changed: a write of several files takes
   * them in this order, as one of a single file does (DriveDialect.lockFiles).
   */
  async lockPaths(driveId: string, paths: string[]): Promise<void> {
    const ids: number[] = [];
    for (let i = 0; i < paths.length; i += 500) {
      const rows = await this.q
        .selectFrom('drive_files')
        .select('id')
        .where('drive_id', '=', driveId)
        .where('path', 'in', paths.slice(i, i + 500))
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    await this.dialect.lockFiles(this.q, ids);
  }

  /** A page of the drive's files under `prefix`, and how many there are in all. */
  listFiles(driveId: string, opts: ListOptions = {}): Promise<{ rows: FileRow[]; total: number }> {
    return this.listings.page(driveId, opts);
  }

  /**
   * Adds the file at `path`, or replaces it as a new version. Tags and
   * description left undefined keep the old ones. The full-text row gets the
   * metadata now and the body when the indexer has read the new bytes.
   */
  upsertFile(input: {
    driveId: string;
    path: string;
    name: string;
    mimeType: string;
    size: number;
    hash: string;
    tags?: string[];
    description?: string | null;
    now?: Date;
    by?: string | null; // who makes this version (absent: the seed or an app)
  }): Promise<{ row: FileRow; replaced?: FileRow }> {
    return this.atomically(async (q, repo) => {
      for (let attempt = 1; ; attempt++) {
        if (attempt > 3) throw new Error(`${input.path} kept changing while it was being written`);
        let old = await repo.fileByPath(input.driveId, input.path);
        if (old) {
          // Another writer of the file (a second upload of it, a move, the trash) finishes
          // first, and the version kept is the one it left, not the one read before it.
          await this.dialect.lockFiles(q, [old.id]);
          old = await repo.fileByPath(input.driveId, input.path);
        }
        const tags = input.tags !== undefined ? cleanTags(input.tags) : old ? tagsOf(old) : [];
        const description =
          input.description !== undefined ? input.description : (old?.description ?? null);
        let now = (input.now ?? new Date()).toISOString();
        // A new version always moves the updated time forward, even within one millisecond.
        if (old && now <= old.updated_at)
          now = new Date(Date.parse(old.updated_at) + 1).toISOString();
        const fields = {
          name: input.name,
          mime_type: input.mimeType,
          size: input.size,
          hash: input.hash,
          tags: JSON.stringify(tags),
          description,
          updated_at: now,
          updated_by: input.by ?? null,
        };
        let id: number;
        if (old) {
          id = old.id;
          // The version being replaced stays, with its bytes, until the retention purges it.
          await keepVersion(q, old, now, input.by ?? null);
          await q
            .updateTable('drive_files')
            .set((eb) => ({
              ...fields,
              index_error: null,
              indexed_at: null,
              index_attempts: 0,
              index_state: 'queued',
              version: eb('version', '+', 1),
            }))
            .where('id', '=', id)
            .execute();
          await q.deleteFrom('drive_file_tags').where('file_id', '=', id).execute();
          await this.dialect.removeText(q, id);
        } else {
          const inserted = await q
            .insertInto('drive_files')
            .values({ ...fields, drive_id: input.driveId, path: input.path })
            .onConflict((oc) => oc.columns(['drive_id', 'path']).doNothing())
            .returning('id')
            .executeTakeFirst();
          // Another upload put a file at this path meanwhile (PostgreSQL waited for it to
          // commit): this one becomes its next version.
          if (!inserted) continue;
          id = inserted.id;
        }
        if (tags.length > 0) {
          await q
            .insertInto('drive_file_tags')
            .values(tags.map((tag) => ({ file_id: id, drive_id: input.driveId, tag })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await this.dialect.putText(q, [
          {
            fileId: id,
            path: input.path,
            name: input.name,
            description: description ?? '',
            tags: tags.join(' '),
            body: '',
          },
        ]);
        return { row: (await repo.fileById(id))!, replaced: old };
      }
    });
  }

  /**
   * Adds new untagged files whose text is already known, marked indexed, in
   * one transaction and a few statements per hundred files (a bulk load such
   * as the bench's 100,000 files). Their blobs are the caller's business.
   */
  importIndexed(
    driveId: string,
    files: { path: string; mimeType: string; size: number; hash: string; body: string }[],
    now = new Date(),
  ): Promise<void> {
    const at = now.toISOString();
    return this.atomically(async (q) => {
      for (let i = 0; i < files.length; i += IMPORT_BATCH) {
        const batch = files.slice(i, i + IMPORT_BATCH);
        const inserted = await q
          .insertInto('drive_files')
          .values(
            batch.map((f) => ({
              drive_id: driveId,
              path: f.path,
              name: baseName(f.path),
              mime_type: f.mimeType,
              size: f.size,
              hash: f.hash,
              updated_at: at,
              indexed_at: at,
              index_state: 'indexed',
            })),
          )
          .returning(['id', 'path'])
          .execute();
        // RETURNING promises no order: match the ids by path (unique in a drive).
        const idOf = new Map(inserted.map((r) => [r.path, r.id]));
        await this.dialect.putText(
          q,
          batch.map((f) => ({
            fileId: idOf.get(f.path)!,
            path: f.path,
            name: baseName(f.path),
            description: '',
            tags: '',
            body: f.body,
          })),
        );
      }
    });
  }

  /** Records the extracted text of one version; false when a newer version replaced it meanwhile. */
  setIndexed(
    fileId: number,
    version: number,
    body: string,
    error: string | null,
  ): Promise<boolean> {
    return this.atomically(async (q) => {
      const result = await q
        .updateTable('drive_files')
        .set({
          indexed_at: new Date().toISOString(),
          index_error: error,
          index_state: error ? 'failed' : 'indexed',
        })
        .where('id', '=', fileId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await this.dialect.setBody(q, fileId, body);
      return true;
    });
  }

  /**
   * Records that extraction of this version starts, before it does: a server
   * killed meanwhile leaves the count behind. False when a newer version
   * replaced it (or it was indexed) meanwhile.
   */
  async startIndexAttempt(fileId: number, version: number): Promise<boolean> {
    const result = await this.q
      .updateTable('drive_files')
      .set((eb) => ({ index_attempts: eb('index_attempts', '+', 1) }))
      .where('id', '=', fileId)
      .where('version', '=', version)
      .where('indexed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes back an attempt that was stopped by a clean shutdown, not by the file: it waits again. */
  async cancelIndexAttempt(fileId: number, version: number): Promise<void> {
    await this.q
      .updateTable('drive_files')
      .set((eb) => ({
        index_attempts: eb('index_attempts', '-', 1),
        index_state: 'queued',
      }))
      .where('id', '=', fileId)
      .where('version', '=', version)
      .where('indexed_at', 'is', null)
      .where('index_attempts', '>', 0)
      .execute();
  }

  /** Files whose current version has not been indexed yet (after a restart, say). */
  async pendingIndex(limit = 1_000_000): Promise<number[]> {
    const rows = await this.q
      .selectFrom('drive_files')
      .select('id')
      .where('indexed_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The extracted text of a file ('' until indexed or when it has none). */
  bodyOf(fileId: number): Promise<string | undefined> {
    return this.dialect.bodyOf(this.q, fileId);
  }

  // ---- search ---------------------------------------------------------------

  /** Full-text matches in the drive, best first, with a marked snippet. */
  searchText(
    driveId: string,
    query: TextQuery,
    opts: { tags?: string[]; offset: number; limit: number },
  ): Promise<{ hits: TextHit[]; total: number }> {
    return this.dialect.searchText(this.q, driveId, query, {
      only: taggedIds(this.q, driveId, opts.tags),
      offset: opts.offset,
      limit: opts.limit,
    });
  }

  /**
   * Files carrying every tag in `tags` whose tags also contain each of `terms`
   * (case-insensitive substrings); exact tag matches rank first.
   */
  async searchTags(
    driveId: string,
    opts: { tags?: string[]; terms: string[]; offset: number; limit: number },
  ): Promise<{ rows: FileRow[]; total: number }> {
    const tagged = taggedIds(this.q, driveId, opts.tags);
    const terms = opts.terms.filter(Boolean).slice(0, 20);
    if (tagged === undefined && terms.length === 0) return { rows: [], total: 0 };
    let files = this.q
      .selectFrom('drive_files')
      .where('drive_id', '=', driveId)
      .$if(tagged !== undefined, (qb) => qb.where('id', 'in', tagged!));
    for (const term of terms) {
      files = files.where((eb) =>
        eb.exists(
          eb
            .selectFrom('drive_file_tags')
            .select('drive_file_tags.file_id')
            .whereRef('drive_file_tags.file_id', '=', 'drive_files.id')
            .where(this.dialect.tagContains(term)),
        ),
      );
    }
    const { n } = await files
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await files
      .selectAll()
      .$if(terms.length > 0, (qb) =>
        qb.orderBy(
          (eb) =>
            eb
              .selectFrom('drive_file_tags')
              .select((e) => e.fn.countAll().as('exact'))
              .whereRef('drive_file_tags.file_id', '=', 'drive_files.id')
              .where('drive_file_tags.tag', 'in', terms),
          'desc',
        ),
      )
      .orderBy('updated_at', 'desc')
      .orderBy('path')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute();
    return { rows, total: Number(n) };
  }

  // ---- helpers --------------------------------------------------------------

  /**
   * Runs `work` in one transaction: the caller's when this repository is
   * bound to one (store.transaction), else a new one.
   */
  private atomically<T>(work: (q: Queries, repo: DrivesRepository) => Promise<T>): Promise<T> {
    return inTransaction(this.q, (q) => work(q, q === this.q ? this : new DrivesRepository(q)));
  }
}
