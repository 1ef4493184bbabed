import type { Readable } from 'node:stream';
import type { Drive, DriveFile, FileList, SearchKind } from '../../protocol';
import type { Store } from '../store';
import { DrivesRepository, tagsOf, type FileRow, type ListOptions } from '../store/drives';
import { BlobStore, type StoredBlob } from './blobs';
import { DEFAULT_EXTRACT_LIMITS, ExtractPool, type ExtractLimits } from './extractPool';
import { Indexer, noSemanticIndex } from './indexer';
import { OrphanBlobSweeper } from './orphanBlobs';
import { baseName, normalizeDrivePath } from './paths';
import { runSearch } from './search';
import { isTextType, sniffFile } from './sniff';
import type { DriveRow, DriveService, SearchOutcome, SearchQuery, SemanticIndex } from './types';

/** GET of a file carries its bytes (base64) up to this size; larger ones are downloaded. */
export const MAX_INLINE_BYTES = 5 * 1024 * 1024;
/** Search results with includeContent carry text files up to this size. */
export const MAX_SEARCH_CONTENT_BYTES = 1024 * 1024;

/** A DriveFile plus what the server can say about its indexing (not in the SPEC's File). */
export type DriveFileOut = DriveFile & { IndexError?: string };

export interface FileToCommit {
  path: string;
  blob: StoredBlob;
  tags?: string[];
  description?: string | null;
}

export interface DrivesOptions {
  store: Store;
  dataDir: string;
  maxUploadBytes: number;
  semantic?: SemanticIndex;
  /** Limits of one file's text extraction (default DEFAULT_EXTRACT_LIMITS). */
  extractLimits?: Partial<ExtractLimits>;
}

/** Thrown for a drive or file the caller may not see; routes answer 404. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
}

/**
 * Drives of every world: metadata in the store, bytes in the blob store,
 * text in the full-text index, meaning in the injected semantic index.
 * The REST routes, the seed and the meeting's drive-search tool all use it.
 */
export class Drives implements DriveService {
  readonly repo: DrivesRepository;
  readonly blobs: BlobStore;
  readonly indexer: Indexer;
  readonly semantic: SemanticIndex;
  readonly maxUploadBytes: number;
  /** Blobs received but not yet committed, so a concurrent cleanup never removes them. */
  private readonly inflight = new Map<string, number>();
  /** Removes blobs a crash left without a file row (at start, then hourly). */
  readonly orphans: OrphanBlobSweeper;

  constructor(private readonly opts: DrivesOptions) {
    this.repo = new DrivesRepository(opts.store.db);
    this.blobs = new BlobStore(opts.dataDir);
    this.blobs.sweepTmp();
    this.semantic = opts.semantic ?? noSemanticIndex;
    this.maxUploadBytes = opts.maxUploadBytes;
    this.indexer = new Indexer({
      repo: this.repo,
      blobs: this.blobs,
      semantic: this.semantic,
      extractor: new ExtractPool({ ...DEFAULT_EXTRACT_LIMITS, ...opts.extractLimits }),
      report: (driveId, message) => this.report(driveId, message),
    });
    this.indexer.resumePending();
    this.orphans = new OrphanBlobSweeper({
      root: this.blobs.root,
      isReferenced: (hash) => this.repo.hashInUse(hash),
      isHeld: (hash) => this.inflight.has(hash),
      onError: (err) => console.error('Sweeping orphan blobs failed:', err),
    });
  }

  // ---- DriveService -----------------------------------------------------------

  drivesOf(worldId: string, opts: { includeAppDrives?: boolean } = {}): DriveRow[] {
    return this.repo.drivesOf(worldId, opts.includeAppDrives ?? true);
  }

  driveByName(worldId: string, name: string): DriveRow | undefined {
    return this.repo.driveByName(worldId, name);
  }

  search(drive: DriveRow, kind: SearchKind, q: SearchQuery): Promise<SearchOutcome> {
    return runSearch(
      {
        repo: this.repo,
        semantic: this.semantic,
        toDriveFile: (row, o) =>
          this.toDriveFile(row, {
            content: o.includeContent && isTextType(row.mime_type) ? MAX_SEARCH_CONTENT_BYTES : 0,
          }),
      },
      drive,
      kind,
      q,
    );
  }

  textOf(drive: DriveRow, path: string): string | undefined {
    const row = this.repo.fileByPath(drive.id, path);
    if (!row) return undefined;
    const body = this.repo.bodyOf(row.id);
    return body ? body : undefined;
  }

  // ---- drives ---------------------------------------------------------------

  /** The drive named `name` in the world, created if missing. */
  ensureDrive(worldId: string, name: string, appName?: string): DriveRow {
    return (
      this.repo.driveByName(worldId, name) ??
      this.repo.createDrive({ worldId, name, appName: appName ?? null })
    );
  }

  /** The drive, or NotFoundError: a drive of another world is unknown in this one. */
  requireDrive(worldId: string, name: string): DriveRow {
    const drive = this.repo.driveByName(worldId, name);
    if (!drive) throw new NotFoundError(`Unknown drive "${name.slice(0, 200)}"`);
    return drive;
  }

  describe(drive: DriveRow): Drive {
    const { totalSize, fileCount } = this.repo.stats(drive.id);
    return {
      Name: drive.name,
      TotalSize: totalSize,
      FileCount: fileCount,
      Tags: this.repo.tagCounts(drive.id),
      IsAppDrive: drive.app_name !== null,
    };
  }

  // ---- files ------------------------------------------------------------------

  listFiles(
    drive: DriveRow,
    opts: ListOptions & { limit: number },
  ): Omit<FileList, 'Files'> & { Files: DriveFileOut[] } {
    const { rows, total } = this.repo.listFiles(drive.id, opts);
    return {
      Files: rows.map((r) => this.toDriveFileSync(r)),
      TotalCount: total,
      PageCount: Math.ceil(total / opts.limit),
    };
  }

  /** The file at `path` (checked first), or NotFoundError. */
  requireFile(drive: DriveRow, path: string): FileRow {
    const clean = normalizeDrivePath(path);
    const row = this.repo.fileByPath(drive.id, clean);
    if (!row)
      throw new NotFoundError(`Unknown file "${clean.slice(0, 300)}" in drive "${drive.name}"`);
    return row;
  }

  /** The DTO without content (listings). */
  toDriveFileSync(row: FileRow): DriveFileOut {
    const file: DriveFileOut = {
      Path: row.path,
      Name: row.name,
      MimeType: row.mime_type,
      Size: row.size,
      Tags: tagsOf(row),
      UpdatedAt: row.updated_at,
      HasContent: row.size <= MAX_INLINE_BYTES,
    };
    const description = row.description ?? (row.index_error ? row.index_error : null);
    if (description) file.Description = description;
    if (row.index_error) file.IndexError = row.index_error;
    return file;
  }

  /** The DTO, with base64 Content when the file is at most `content` bytes. */
  async toDriveFile(row: FileRow, opts: { content?: number } = {}): Promise<DriveFileOut> {
    const file = this.toDriveFileSync(row);
    if (opts.content && row.size <= opts.content) {
      file.Content = (await this.blobs.read(row.hash, row.size)).toString('base64');
    }
    return file;
  }

  openBytes(row: FileRow): Readable {
    return this.blobs.open(row.hash);
  }

  // ---- uploads ----------------------------------------------------------------

  /** Streams one upload into the blob store (not visible in any drive until committed). */
  async receive(source: Readable, truncated?: () => boolean): Promise<StoredBlob> {
    const blob = await this.blobs.put(source, { maxBytes: this.maxUploadBytes, truncated });
    this.inflight.set(blob.hash, (this.inflight.get(blob.hash) ?? 0) + 1);
    return blob;
  }

  /** Gives up received blobs that will not be committed (a failed upload). */
  async release(blobs: StoredBlob[]): Promise<void> {
    for (const b of blobs) this.unhold(b.hash);
    for (const b of blobs) await this.collect(b.hash);
  }

  /**
   * Makes received files visible: sniffs each one's type from its bytes,
   * writes all rows in one transaction (the same path again is a new
   * version), then queues them for indexing. Returns the new rows.
   */
  async commit(drive: DriveRow, items: FileToCommit[]): Promise<FileRow[]> {
    const typed: (FileToCommit & { mime: string; name: string })[] = [];
    try {
      for (const item of items) {
        const path = normalizeDrivePath(item.path);
        const name = baseName(path);
        const mime = await sniffFile(this.blobs.pathOf(item.blob.hash), name);
        typed.push({ ...item, path, name, mime });
      }
      const results = this.opts.store.db.transaction(() =>
        typed.map((t) =>
          this.repo.upsertFile({
            driveId: drive.id,
            path: t.path,
            name: t.name,
            mimeType: t.mime,
            size: t.blob.size,
            hash: t.blob.hash,
            tags: t.tags,
            description: t.description,
          }),
        ),
      )();
      for (const r of results) this.indexer.enqueue(r.row.id);
      for (const r of results) {
        if (r.replaced && r.replaced.hash !== r.row.hash) await this.collect(r.replaced.hash);
      }
      // Rows committed twice in one call (same path) come back once each, newest last.
      return results
        .map((r) => this.repo.fileById(r.row.id)!)
        .filter((row, i, all) => all.findLastIndex((o) => o.id === row.id) === i);
    } finally {
      await this.release(items.map((i) => i.blob));
    }
  }

  /** Stores one file from bytes or a stream (seeding, tools); no size cap. */
  async putFile(
    drive: DriveRow,
    path: string,
    source: Buffer | Readable,
    meta: { tags?: string[]; description?: string | null } = {},
  ): Promise<FileRow> {
    const blob = Buffer.isBuffer(source)
      ? await this.blobs.putBuffer(source)
      : await this.blobs.put(source, { maxBytes: Number.MAX_SAFE_INTEGER });
    this.inflight.set(blob.hash, (this.inflight.get(blob.hash) ?? 0) + 1);
    const [row] = await this.commit(drive, [{ path, blob, ...meta }]);
    return row!;
  }

  // ---- workspaces ---------------------------------------------------------------

  /** Adds a drive file to a workspace of the same world (POST /api/workspace/add-file). */
  async addToWorkspace(
    worldId: string,
    workspaceId: string,
    driveName: string,
    path: string,
  ): Promise<FileRow> {
    if (!(await this.opts.store.workspaces.inWorld(workspaceId, worldId)))
      throw new NotFoundError(`Unknown workspace "${workspaceId.slice(0, 200)}"`);
    const drive = this.requireDrive(worldId, driveName);
    const row = this.requireFile(drive, path);
    this.repo.addToWorkspace(workspaceId, drive.id, row.path);
    return row;
  }

  /** The files added to a workspace that still exist, with their drives. */
  workspaceFiles(workspaceId: string): { drive: DriveRow; file: FileRow }[] {
    const out: { drive: DriveRow; file: FileRow }[] = [];
    for (const link of this.repo.workspaceFiles(workspaceId)) {
      const drive = this.repo.driveById(link.drive_id);
      const file = drive && this.repo.fileByPath(drive.id, link.path);
      if (drive && file) out.push({ drive, file });
    }
    return out;
  }

  // ---- lifecycle ------------------------------------------------------------------

  /** Resolves when every queued file has been indexed. */
  whenIndexed(): Promise<void> {
    return this.indexer.whenIdle();
  }

  async close(): Promise<void> {
    await this.orphans.close();
    await this.indexer.close();
  }

  private report(driveId: string, message: string): void {
    const drive = this.repo.driveById(driveId);
    if (!drive) return;
    this.opts.store.console
      .append(drive.world_id, { app_name: 'drives', from: 'indexer', message })
      .catch((err: unknown) => console.error('Console entry lost:', message, err));
  }

  private unhold(hash: string): void {
    const n = (this.inflight.get(hash) ?? 0) - 1;
    if (n > 0) this.inflight.set(hash, n);
    else this.inflight.delete(hash);
  }

  /** Removes a blob nothing refers to any more. */
  private async collect(hash: string): Promise<void> {
    if (this.inflight.has(hash) || this.repo.hashInUse(hash)) return;
    await this.blobs.remove(hash);
  }
}
