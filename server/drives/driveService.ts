import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type {
  Drive,
  DriveFile,
  FileList,
  IndexState,
  SearchKind,
  UploadConflict,
} from '../../protocol';
import { randomUUID } from 'node:crypto';
import type { MessageBus } from '../cog/bus';
import { openJobQueue } from '../cog/jobs';
import { workspaceOpenTo } from '../cog/workspaceAccess';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import { tagsOf, type DrivesRepository, type FileRow, type ListOptions } from '../store/drives';
import { removeUnwanted } from './blobs/collect';
import { BlobLeases, type BlobLease } from './blobs/leases';
import { dataDirBlobStore } from './blobs/open';
import { receiveToFile } from './blobs/receive';
import { tempFileIn } from './blobs/tempFiles';
import type { BlobStore, StoredBlob } from './blobs/types';
import { DEFAULT_EXTRACT_LIMITS, ExtractPool, type ExtractLimits } from './extractPool';
import { Indexer, indexRetryPolicy, noSemanticIndex, type IndexJob } from './indexer';
import { OrphanBlobSweeper } from './orphanBlobs';
import { freePath } from './freePath';
import { baseName, normalizeDrivePath } from './paths';
import { runSearch } from './search';
import { isTextType, sniffFile } from './sniff';
import type { DriveRow, DriveService, SearchOutcome, SearchQuery, SemanticIndex } from './types';

/** GET of a file carries its bytes (base64) up to this size; larger ones are downloaded. */
export const MAX_INLINE_BYTES = 5 * 1024 * 1024;
/** Search results with includeContent carry text files up to this size. */
export const MAX_SEARCH_CONTENT_BYTES = 1024 * 1024;

/** A DriveFile plus what the server can say about its indexing (not in the SPEC's File). */
export type DriveFileOut = DriveFile & { IndexError?: string; IndexState?: IndexState };

export interface FileToCommit {
  path: string;
  blob: StoredBlob;
  tags?: string[];
  description?: string | null;
  /** A file already at the path: replaced as a new version (default), or this one goes to a free name. */
  ifTaken?: UploadConflict;
  /** Who uploads it (a user id). */
  by?: string | null;
}

/** Where the drives write what went wrong: the server's logger (one JSON line each), else stderr. */
export interface DrivesLog {
  error(message: string, err?: unknown): void;
  info(message: string): void;
}

const consoleLog: DrivesLog = {
  error: (message, err) => console.error(message, err),
  info: (message) => console.log(message),
};

export interface DrivesOptions {
  /** The server's logger; the console when none is given (tools and benches). */
  log?: DrivesLog;
  store: Store;
  dataDir: string;
  /** Where the bytes go (openBlobStore); default DATA_DIR/blobs. */
  blobs?: BlobStore;
  /** Writer heartbeat and time to live (tests shorten them; blobs/leases.ts). */
  leaseTiming?: { heartbeatMs?: number; ttlMs?: number };
  maxUploadBytes: number;
  semantic?: SemanticIndex;
  /** Limits of one file's text extraction (default DEFAULT_EXTRACT_LIMITS). */
  extractLimits?: Partial<ExtractLimits>;
  /** Redis shared by every instance: indexing jobs go to a BullMQ queue there (unset: in-process). */
  redisUrl?: string;
  /** Where instances tell each other a file's semantic vectors changed (unset: one instance). */
  bus?: MessageBus;
  /** Retry and takeover times of the indexing queue (tests shorten them). */
  queueTiming?: { retryMs?: number; lockMs?: number };
}

/** The bus topic on which an instance says it changed a file's semantic vectors. */
const SEMANTIC_TOPIC = 'drives.semantic';

/**
 * Drives of every world: metadata in the store, bytes in the blob store,
 * text in the full-text index, meaning in the injected semantic index.
 * The REST routes, the seed and the meeting's drive-search tool all use it.
 */
export class Drives implements DriveService {
  readonly blobs: BlobStore;
  readonly indexer: Indexer;
  readonly semantic: SemanticIndex;
  readonly maxUploadBytes: number;
  /** This process as a blob writer: every received blob is leased until committed or given up. */
  readonly leases: BlobLeases;
  /** Blobs received and not yet committed or released: their lease, and a local file of their bytes. */
  private readonly held = new Map<StoredBlob, { lease: BlobLease; temp: string; local: string }>();
  /** Removes blobs a crash left without a file row (at start, then hourly). */
  readonly orphans: OrphanBlobSweeper;
  /** Settles once the files left unindexed by the last run are queued again. */
  private readonly resumed: Promise<void>;
  /** This instance on the bus, so that it does not re-read what it wrote itself. */
  private readonly instance = randomUUID();
  private readonly unsubscribe: () => void;

  private readonly log: DrivesLog;

  constructor(private readonly opts: DrivesOptions) {
    this.log = opts.log ?? consoleLog;
    this.blobs = opts.blobs ?? dataDirBlobStore(opts.dataDir);
    this.leases = new BlobLeases(opts.store.blobLeases, {
      log: (message, err) => this.log.error(message, err),
      ...opts.leaseTiming,
    });
    this.semantic = opts.semantic ?? noSemanticIndex;
    this.maxUploadBytes = opts.maxUploadBytes;
    this.indexer = new Indexer({
      repo: this.repo,
      blobs: this.blobs,
      tempFile: () => this.tempFile(),
      semantic: this.semantic,
      extractor: new ExtractPool({ ...DEFAULT_EXTRACT_LIMITS, ...opts.extractLimits }),
      queue: openJobQueue<IndexJob>(
        { REDIS_URL: opts.redisUrl },
        {
          name: 'indexing',
          policy: indexRetryPolicy(opts.queueTiming?.retryMs),
          lockMs: opts.queueTiming?.lockMs,
          log: {
            error: (message, err) => this.log.error(message, err),
            info: (message) => this.log.info(message),
          },
        },
      ),
      report: (driveId, message) => this.report(driveId, message),
      onSemanticChange: (fileId) =>
        opts.bus?.publish(SEMANTIC_TOPIC, { from: this.instance, fileId }),
    });
    // Semantic indexes keep vectors in memory: one written elsewhere is read again here.
    this.unsubscribe =
      opts.bus?.subscribe(SEMANTIC_TOPIC, (message) => this.semanticChanged(message)) ?? (() => {});
    this.resumed = this.indexer
      .resumePending()
      .catch((err: unknown) => this.log.error('Queueing unindexed files failed:', err));
    this.orphans = new OrphanBlobSweeper({
      blobs: this.blobs,
      leases: this.leases,
      onError: (err) => this.log.error('Sweeping orphan blobs failed:', err),
    });
  }

  private get repo(): DrivesRepository {
    return this.opts.store.drives;
  }

  // ---- DriveService -----------------------------------------------------------

  drivesOf(worldId: string, opts: { includeAppDrives?: boolean } = {}): Promise<DriveRow[]> {
    return this.repo.drivesOf(worldId, opts.includeAppDrives ?? true);
  }

  driveByName(worldId: string, name: string): Promise<DriveRow | undefined> {
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

  async textOf(drive: DriveRow, path: string): Promise<string | undefined> {
    const row = await this.repo.fileByPath(drive.id, path);
    if (!row) return undefined;
    const body = await this.repo.bodyOf(row.id);
    return body ? body : undefined;
  }

  // ---- drives ---------------------------------------------------------------

  /** The drive named `name` in the world, created if missing. */
  ensureDrive(worldId: string, name: string, appName?: string): Promise<DriveRow> {
    return this.repo.ensureDrive({ worldId, name, appName: appName ?? null });
  }

  /** The drive, or a 404 UserError: a drive of another world is unknown in this one. */
  async requireDrive(worldId: string, name: string): Promise<DriveRow> {
    const drive = await this.repo.driveByName(worldId, name);
    if (!drive) throw new UserError(`Unknown drive "${name.slice(0, 200)}"`, 404);
    return drive;
  }

  /** The drive as listed; `storage` adds what earlier versions and deleted files still take (admins). */
  async describe(drive: DriveRow, opts: { storage?: boolean } = {}): Promise<Drive> {
    const { totalSize, fileCount } = await this.repo.stats(drive.id);
    const out: Drive = {
      Name: drive.name,
      TotalSize: totalSize,
      FileCount: fileCount,
      Tags: await this.repo.tagCounts(drive.id),
      IsAppDrive: drive.app_name !== null,
    };
    if (opts.storage) {
      const { versions, trash } = await this.repo.edits.storage(drive.id);
      out.Storage = {
        VersionCount: versions.count,
        VersionsSize: versions.size,
        TrashCount: trash.count,
        TrashSize: trash.size,
      };
    }
    return out;
  }

  // ---- files ------------------------------------------------------------------

  async listFiles(
    drive: DriveRow,
    opts: ListOptions & { limit: number },
  ): Promise<Omit<FileList, 'Files'> & { Files: DriveFileOut[] }> {
    const { rows, total } = await this.repo.listFiles(drive.id, opts);
    return {
      Files: rows.map((r) => this.toDriveFileSync(r)),
      TotalCount: total,
      PageCount: Math.ceil(total / opts.limit),
    };
  }

  /** The file at `path` (checked first), or a 404 UserError. */
  async requireFile(drive: DriveRow, path: string): Promise<FileRow> {
    const clean = normalizeDrivePath(path);
    const row = await this.repo.fileByPath(drive.id, clean);
    if (!row)
      throw new UserError(`Unknown file "${clean.slice(0, 300)}" in drive "${drive.name}"`, 404);
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
    file.IndexState = row.index_state;
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

  /** The file's bytes as a stream (a missing blob fails here, before anything is sent). */
  openBytes(row: FileRow): Promise<Readable> {
    return this.blobs.open(row.hash);
  }

  // ---- uploads ----------------------------------------------------------------

  /**
   * Streams one upload into the blob store (not visible in any drive until
   * committed): into a temp file while hashing it, then under a lease into
   * the store, so that no instance's sweep removes it before its row exists.
   */
  async receive(source: Readable, truncated?: () => boolean): Promise<StoredBlob> {
    return this.receiveBlob(source, { maxBytes: this.maxUploadBytes, truncated });
  }

  /** Gives up received blobs that will not be committed (a failed upload). */
  async release(blobs: StoredBlob[]): Promise<void> {
    const hashes: string[] = [];
    for (const b of blobs) {
      const held = this.held.get(b);
      if (!held) continue;
      this.held.delete(b);
      hashes.push(b.hash);
      await fsp.rm(held.temp, { force: true });
      await held.lease
        .release()
        .catch((err: unknown) => this.log.error('Releasing a blob lease failed:', err));
    }
    for (const hash of hashes) await this.collect(hash);
  }

  /**
   * Makes received files visible: sniffs each one's type from its bytes,
   * writes all rows in one transaction (the same path again is a new
   * version), then queues them for indexing. Returns the new rows. The
   * blobs stay held until the rows are committed, so the orphan sweep
   * never removes bytes a row is about to point at.
   */
  async commit(drive: DriveRow, items: FileToCommit[]): Promise<FileRow[]> {
    const typed: (FileToCommit & { mime: string; name: string })[] = [];
    try {
      for (const item of items) {
        const path = normalizeDrivePath(item.path);
        const name = baseName(path);
        const held = this.held.get(item.blob);
        if (!held) throw new Error(`Blob ${item.blob.hash} is not held: receive it first`);
        const mime = await sniffFile(held.local, name);
        typed.push({ ...item, path, name, mime });
      }
      const results = await this.opts.store.transaction(async (tx) => {
        // Several files: the ones there already are all taken first, as a move or the trash does.
        if (typed.length > 1)
          await tx.drives.lockPaths(
            drive.id,
            typed.map((t) => t.path),
          );
        const written = [];
        // One after another: the same path twice in one call is two versions, in order.
        for (const t of typed) {
          const path =
            t.ifTaken === 'keepBoth' ? await freePath(tx.drives, drive.id, t.path) : t.path;
          written.push(
            await tx.drives.upsertFile({
              driveId: drive.id,
              path,
              name: baseName(path),
              by: t.by ?? null,
              mimeType: t.mime,
              size: t.blob.size,
              hash: t.blob.hash,
              tags: t.tags,
              description: t.description,
            }),
          );
        }
        return written;
      });
      // A replaced version keeps its bytes (drive_file_versions) until the retention purges it.
      for (const r of results) this.indexer.enqueue(r.row);
      // Rows committed twice in one call (same path) come back once each, newest last.
      const ids = results.map((r) => r.row.id).filter((id, i, all) => all.lastIndexOf(id) === i);
      const rows = await this.repo.filesByIds(ids);
      return ids.map((id) => rows.get(id)!);
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
    const blob = await this.receiveBlob(
      Buffer.isBuffer(source) ? Readable.from([source]) : source,
      {
        maxBytes: Number.MAX_SAFE_INTEGER,
      },
    );
    const [row] = await this.commit(drive, [{ path, blob, ...meta }]);
    return row!;
  }

  // ---- workspaces ---------------------------------------------------------------

  /**
   * Adds a drive file to a workspace of the same world that the user may open
   * (POST /api/workspace/add-file); otherwise 403 'This workspace is not open
   * to you' or 404 'This workspace does not exist'.
   */
  async addToWorkspace(
    worldId: string,
    userId: string,
    workspaceId: string,
    driveName: string,
    path: string,
  ): Promise<FileRow> {
    await workspaceOpenTo(this.opts.store, worldId, userId, workspaceId);
    const drive = await this.requireDrive(worldId, driveName);
    const row = await this.requireFile(drive, path);
    await this.opts.store.workspaceFiles.add(workspaceId, drive.id, row.path);
    return row;
  }

  /** The files added to a workspace that still exist, with their drives. */
  async workspaceFiles(workspaceId: string): Promise<{ drive: DriveRow; file: FileRow }[]> {
    const out: { drive: DriveRow; file: FileRow }[] = [];
    for (const link of await this.opts.store.workspaceFiles.list(workspaceId)) {
      const drive = await this.repo.driveById(link.drive_id);
      const file = drive && (await this.repo.fileByPath(drive.id, link.path));
      if (drive && file) out.push({ drive, file });
    }
    return out;
  }

  // ---- lifecycle ------------------------------------------------------------------

  /** Resolves when every queued file (those left by the last run too) has been indexed. */
  async whenIndexed(): Promise<void> {
    await this.resumed;
    return this.indexer.whenIdle();
  }

  /**
   * Queues a file's indexing again from a clean count (an administrator's
   * retry, after it failed); a 409 UserError while a worker has it.
   */
  async retryIndexing(drive: DriveRow, path: string): Promise<FileRow> {
    const row = await this.requireFile(drive, path);
    if (!(await this.indexer.retry(row.id)))
      throw new UserError(`"${row.path.slice(0, 300)}" is being indexed right now`, 409);
    return (await this.repo.fileById(row.id)) ?? row;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.orphans.close();
    await this.resumed;
    await this.indexer.close();
    await this.leases.close();
    await this.blobs.close();
  }

  /** Drops deleted files' semantic vectors, here and (over the bus) in every instance's memory. */
  async forgetSemantic(fileIds: number[]): Promise<void> {
    for (const fileId of fileIds) {
      try {
        await this.semantic.remove(fileId);
        this.opts.bus?.publish(SEMANTIC_TOPIC, { from: this.instance, fileId });
      } catch (err) {
        console.error(`Removing file ${fileId}'s semantic vectors failed:`, err);
      }
    }
  }

  private semanticChanged(message: unknown): void {
    const { from, fileId } = (message ?? {}) as { from?: unknown; fileId?: unknown };
    if (from === this.instance || typeof fileId !== 'number') return;
    this.semantic
      .refresh?.(fileId)
      .catch((err: unknown) =>
        this.log.error(`Reading file ${fileId}'s semantic vectors failed:`, err),
      );
  }

  /** Writes to the console of the file's world; a failure to write is logged, never thrown. */
  private report(driveId: string, message: string): void {
    const write = async () => {
      const drive = await this.repo.driveById(driveId);
      if (!drive) return;
      await this.opts.store.console.append(drive.world_id, {
        app_name: 'drives',
        from: 'indexer',
        message,
      });
    };
    write().catch((err: unknown) => this.log.error('Writing to the world console failed:', err));
  }

  /** A temp file of this writer in the blob store's temp dir. */
  private tempFile(): string {
    return tempFileIn(this.blobs.tmpDir, this.leases.writer.id);
  }

  /** Receives `source` into a temp file, leases its hash, and publishes it; the blob is held. */
  private async receiveBlob(
    source: Readable,
    limits: { maxBytes: number; truncated?: () => boolean },
  ): Promise<StoredBlob> {
    // Registered before any temp file of ours exists, so other instances know whose it is.
    await this.leases.ready;
    const temp = this.tempFile();
    const { hash, size } = await receiveToFile(source, temp, limits);
    let lease: BlobLease | undefined;
    try {
      lease = await this.leases.take(hash);
      const local = await this.blobs.publish(hash, temp);
      const blob: StoredBlob = { hash, size };
      this.held.set(blob, { lease, temp, local });
      return blob;
    } catch (err) {
      await fsp.rm(temp, { force: true });
      await lease?.release().catch(() => {});
      throw err;
    }
  }

  /** Removes a blob nothing refers to any more (unless another instance wants it). */
  async collect(hash: string): Promise<void> {
    try {
      await removeUnwanted(this.blobs, (h) => this.leases.isWanted(h), hash);
    } catch (err) {
      // The blob stays; the orphan sweep tries again later.
      this.log.error(`Removing blob ${hash} failed:`, err);
    }
  }
}
