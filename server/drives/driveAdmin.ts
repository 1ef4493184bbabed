import type { FileVersion } from '../../protocol';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { FileRow } from '../store/drives';
import type { FileVersionRow } from '../store/driveHistory';
import type { Drives } from './driveService';
import { normalizeDriveName } from './driveNames';
import { joinDrivePath, normalizeDrivePath, normalizeFolder } from './paths';
import type { DriveRow } from './types';

const DAY_MS = 24 * 60 * 60_000;
/** How often deleted files and replaced versions past the retention are purged. */
export const TRASH_SWEEP_EVERY_MS = 60 * 60_000;
/** Files one deletion, move or retag may touch (a folder's files included). */
export const MAX_FILES_PER_CHANGE = 10_000;

export interface DriveAdminOptions {
  store: Store;
  drives: Drives;
  /** Days deleted files and replaced versions are kept (DRIVE_TRASH_RETENTION_DAYS). */
  retentionDays: number;
  /** Tells everyone looking at a workspace that its files changed. */
  filesChanged?: (worldId: string, workspaceId: string) => void;
  /** Purge interval (tests: 0 turns the timer off and they call purgeExpired). */
  sweepEveryMs?: number;
}

/** What a deletion did, for the flash and its Undo. */
export interface Deletion {
  batchId: string;
  deleted: number;
  /** Workspaces the deleted files were attached to (they are attached again on Undo). */
  detachedFrom: number;
}

const clip = (text: string) => text.slice(0, 300);

/**
 * An administrator's work on a world's drives (issue 21): deleting with
 * Undo, moving, retagging, versions, creating and renaming drives, and the
 * purge after the retention. App drives belong to their apps: none of this
 * changes them. Every method takes a drive already looked up in the
 * caller's world, so another world's drive is never reached.
 */
export class DriveAdmin {
  private readonly timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: DriveAdminOptions) {
    const every = opts.sweepEveryMs ?? TRASH_SWEEP_EVERY_MS;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.purgeExpired().catch((err: unknown) =>
          console.error('Purging deleted drive files failed:', err),
        );
      }, every);
      this.timer.unref();
    }
  }

  get retentionDays(): number {
    return this.opts.retentionDays;
  }

  private get repo() {
    return this.opts.store.drives;
  }

  // ---- drives ---------------------------------------------------------------------

  async createDrive(worldId: string, rawName: string): Promise<DriveRow> {
    const name = normalizeDriveName(rawName);
    const drive = await this.repo.edits.createDrive(worldId, name);
    if (!drive) throw new UserError(`A drive named "${name}" already exists`, 409);
    return drive;
  }

  async renameDrive(drive: DriveRow, rawName: string): Promise<DriveRow> {
    this.requireOwnDrive(drive);
    const name = normalizeDriveName(rawName);
    if (name === drive.name) return drive;
    if (!(await this.repo.edits.renameDrive(drive, name)))
      throw new UserError(`A drive named "${name}" already exists`, 409);
    return { ...drive, name };
  }

  storage(drive: DriveRow) {
    return this.repo.edits.storage(drive.id);
  }

  // ---- files ----------------------------------------------------------------------

  /** Which of these paths hold a file (an upload asks before it sends). */
  async existing(drive: DriveRow, paths: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const raw of paths) {
      const path = normalizeDrivePath(raw);
      if (await this.repo.fileByPath(drive.id, path)) out.push(path);
    }
    return out;
  }

  /**
   * Moves files and folders to the trash as one batch: their workspaces lose
   * them (until Undo), search stops finding them.
   */
  async delete(
    drive: DriveRow,
    sel: { paths: string[]; folders: string[] },
    by: string,
  ): Promise<Deletion> {
    this.requireOwnDrive(drive);
    const files = await this.selected(drive, sel);
    const trashed = await this.repo.history.trash(files, by);
    await this.opts.drives.forgetSemantic(files.map((f) => f.id));
    this.announce(drive, trashed.workspaceIds);
    return {
      batchId: trashed.batchId,
      deleted: files.length,
      detachedFrom: trashed.workspaceIds.length,
    };
  }

  /** Undo of a deletion: the batch comes back whole, or not at all (409 with the paths taken). */
  async undelete(drive: DriveRow, batchId: string): Promise<FileRow[]> {
    this.requireOwnDrive(drive);
    const outcome = await this.repo.history.untrash(drive.id, batchId);
    if ('unknown' in outcome)
      throw new UserError('Nothing to restore: it was restored already or purged', 404);
    if ('taken' in outcome) {
      const shown = outcome.taken.slice(0, 5).map((p) => `"${clip(p)}"`);
      const more = outcome.taken.length > 5 ? ` and ${outcome.taken.length - 5} more` : '';
      throw new UserError(
        `Cannot restore: ${shown.join(', ')}${more} ${outcome.taken.length === 1 ? 'is' : 'are'} taken by another file now`,
        409,
      );
    }
    for (const row of outcome.restored) await this.opts.drives.indexer.retry(row.id);
    this.announce(drive, outcome.workspaceIds);
    return outcome.restored;
  }

  /**
   * Renames or moves a file (`folder` false) or every file under a folder.
   * Ids, versions and index stay; workspaces follow. 409 when a new path is taken.
   */
  async move(drive: DriveRow, rawFrom: string, rawTo: string, folder: boolean) {
    this.requireOwnDrive(drive);
    const from = folder ? normalizeFolder(rawFrom, 'From') : normalizeDrivePath(rawFrom, 'From');
    const to = folder ? normalizeFolder(rawTo, 'To') : normalizeDrivePath(rawTo, 'To');
    if (!from) throw new UserError('From must name a folder, not the whole drive');
    if (from === to) throw new UserError('The new path is the same as the old one');
    let moves: { file: FileRow; to: string }[];
    if (folder) {
      if (to === '') throw new UserError('To must name a folder');
      if (to.startsWith(`${from}/`)) throw new UserError(`Cannot move "${clip(from)}" into itself`);
      const files = await this.repo.edits.filesUnder(drive.id, from, MAX_FILES_PER_CHANGE + 1);
      if (files.length === 0)
        throw new UserError(`No folder "${clip(from)}" in "${drive.name}"`, 404);
      this.withinLimit(files.length);
      moves = files.map((file) => ({
        file,
        to: joinDrivePath(to, file.path.slice(from.length + 1)),
      }));
    } else {
      const file = await this.opts.drives.requireFile(drive, from);
      moves = [{ file, to }];
    }
    const outcome = await this.repo.edits.moveFiles(drive.id, moves);
    if ('taken' in outcome) {
      const first = outcome.taken[0]!;
      const more = outcome.taken.length > 1 ? ` (and ${outcome.taken.length - 1} more)` : '';
      throw new UserError(`"${clip(first)}"${more} already exists in "${drive.name}"`, 409);
    }
    // Attachments followed the files: tell the workspaces showing them.
    const workspaces = await this.workspacesOf(
      drive,
      outcome.moved.map((m) => m.path),
    );
    this.announce(drive, workspaces);
    return { moved: outcome.moved.length, from, to };
  }

  async retag(
    drive: DriveRow,
    sel: { paths: string[]; folders: string[] },
    change: { set?: string[]; add: string[]; remove: string[] },
  ): Promise<FileRow[]> {
    this.requireOwnDrive(drive);
    const files = await this.selected(drive, sel);
    return this.repo.edits.retag(files, change);
  }

  // ---- versions -------------------------------------------------------------------

  /** The file's versions, the current one first. */
  async versions(
    drive: DriveRow,
    path: string,
  ): Promise<{ file: FileRow; versions: FileVersion[] }> {
    const file = await this.opts.drives.requireFile(drive, path);
    const earlier = await this.repo.history.versionsOf(file.id);
    const names = await this.userNames([
      file.updated_by,
      ...earlier.flatMap((v) => [v.created_by, v.replaced_by]),
    ]);
    const named = (id: string | null) => (id ? names.get(id) : undefined);
    const by = (key: 'CreatedBy' | 'ReplacedBy', id: string | null) =>
      named(id) ? { [key]: named(id)! } : {};
    const current: FileVersion = {
      Version: file.version,
      Current: true,
      Size: file.size,
      MimeType: file.mime_type,
      CreatedAt: file.updated_at,
      ...by('CreatedBy', file.updated_by),
    };
    return {
      file,
      versions: [
        current,
        ...earlier.map((v) => ({
          Version: v.version,
          Current: false,
          Size: v.size,
          MimeType: v.mime_type,
          CreatedAt: v.created_at,
          ...by('CreatedBy', v.created_by),
          ReplacedAt: v.replaced_at,
          ...by('ReplacedBy', v.replaced_by),
        })),
      ],
    };
  }

  /** An earlier version's row as a file row (for its download), or a 404. */
  async version(drive: DriveRow, path: string, version: number): Promise<FileRow> {
    const file = await this.opts.drives.requireFile(drive, path);
    if (version === file.version) return file;
    const v = await this.repo.history.versionOf(file.id, version);
    if (!v) throw new UserError(`"${clip(file.path)}" has no version ${version}`, 404);
    return this.asFile(file, v);
  }

  /** Makes an earlier version current again, as a new version (the current one is kept too). */
  async restoreVersion(drive: DriveRow, path: string, version: number, by: string) {
    this.requireOwnDrive(drive);
    const file = await this.opts.drives.requireFile(drive, path);
    if (version === file.version) throw new UserError(`Version ${version} is the current one`);
    const v = await this.repo.history.versionOf(file.id, version);
    if (!v) throw new UserError(`"${clip(file.path)}" has no version ${version}`, 404);
    const { row } = await this.repo.upsertFile({
      driveId: drive.id,
      path: file.path,
      name: file.name,
      mimeType: v.mime_type,
      size: v.size,
      hash: v.hash,
      by,
    });
    this.opts.drives.indexer.enqueue(row);
    return row;
  }

  // ---- retention ------------------------------------------------------------------

  /**
   * Forgets deleted files and replaced versions older than the retention,
   * then removes each of their blobs that nothing else refers to (a file, a
   * version, a deleted file, a writer's lease).
   */
  purgeExpired(now = new Date()) {
    const run = this.running.then(async () => {
      const before = new Date(now.getTime() - this.opts.retentionDays * DAY_MS).toISOString();
      const purged = await this.repo.history.purge(before);
      for (const hash of purged.hashes) await this.opts.drives.collect(hash);
      return purged;
    });
    this.running = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  // ---- helpers --------------------------------------------------------------------

  private requireOwnDrive(drive: DriveRow): void {
    if (drive.app_name !== null)
      throw new UserError(
        `"${drive.name}" belongs to the app ${drive.app_name}: it is read-only here`,
        403,
      );
  }

  private withinLimit(count: number): void {
    if (count > MAX_FILES_PER_CHANGE)
      throw new UserError(`At most ${MAX_FILES_PER_CHANGE} files may change at once`, 413);
  }

  /** The files named and those under the folders named, each once; 404 for a path that is no file. */
  private async selected(drive: DriveRow, sel: { paths: string[]; folders: string[] }) {
    const byId = new Map<number, FileRow>();
    for (const raw of sel.paths) {
      const file = await this.opts.drives.requireFile(drive, raw);
      byId.set(file.id, file);
    }
    for (const raw of sel.folders) {
      const folder = normalizeFolder(raw);
      if (!folder) throw new UserError('A folder must be named (not the whole drive)');
      const files = await this.repo.edits.filesUnder(drive.id, folder, MAX_FILES_PER_CHANGE + 1);
      if (files.length === 0)
        throw new UserError(`No folder "${clip(folder)}" in "${drive.name}"`, 404);
      for (const f of files) byId.set(f.id, f);
      this.withinLimit(byId.size);
    }
    if (byId.size === 0) throw new UserError('No file or folder given');
    this.withinLimit(byId.size);
    return [...byId.values()];
  }

  private async workspacesOf(drive: DriveRow, paths: string[]): Promise<string[]> {
    return this.opts.store.workspaceFiles.workspacesHolding(drive.id, paths);
  }

  private announce(drive: DriveRow, workspaceIds: string[]): void {
    for (const id of workspaceIds) this.opts.filesChanged?.(drive.world_id, id);
  }

  private async userNames(ids: (string | null)[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of new Set(ids)) {
      if (!id) continue;
      const user = await this.opts.store.users.byId(id);
      if (user) out.set(id, user.name);
    }
    return out;
  }

  private asFile(file: FileRow, v: FileVersionRow): FileRow {
    return {
      ...file,
      name: v.name,
      mime_type: v.mime_type,
      size: v.size,
      hash: v.hash,
      version: v.version,
      updated_at: v.created_at,
    };
  }
}
