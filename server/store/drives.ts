import { randomUUID } from 'node:crypto';
import type { DriveRow } from '../drives/types';
import type { Db } from './db';

export type { DriveRow };

/** One file of a drive as stored (its bytes are the blob named by `hash`). */
export interface FileRow {
  id: number;
  drive_id: string;
  path: string;
  name: string;
  mime_type: string;
  size: number;
  hash: string;
  /** JSON array of strings */
  tags: string;
  description: string | null;
  /** Why text extraction failed (e.g. a PDF that does not parse); the file is kept. */
  index_error: string | null;
  /** Null until the background indexer has extracted the text of this version. */
  indexed_at: string | null;
  /** Extractions of this version started and not yet finished or given up (a new version resets it). */
  index_attempts: number;
  updated_at: string;
  version: number;
}

export type SortBy = 'path' | 'name' | 'size' | 'updated';

export interface ListOptions {
  prefix?: string;
  sortBy?: SortBy;
  sortDir?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
  /** Files carrying every one of these tags (case-insensitive). */
  tags?: string[];
}

export interface TextHit {
  row: FileRow;
  rank: number;
  snippet: string;
}

const SORT_COLUMNS: Record<SortBy, string> = {
  path: 'f.path',
  name: 'f.name',
  size: 'f.size',
  updated: 'f.updated_at',
};

/** Column weights for bm25: path, name, description, tags, body. */
const BM25 = 'bm25(drive_fts, 3.0, 6.0, 2.0, 4.0, 1.0)';

/** Tags as stored: trimmed, no blanks, no case-insensitive repeats, bounded. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, 100);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
    if (out.length >= 50) break;
  }
  return out;
}

export function tagsOf(row: FileRow): string[] {
  try {
    const value: unknown = JSON.parse(row.tags);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** "All of these tags" as a sub-select on f.id, with its parameters. */
function tagFilter(
  driveId: string,
  tags: string[] | undefined,
): { sql: string; params: unknown[] } {
  const wanted = cleanTags(tags ?? []);
  if (wanted.length === 0) return { sql: '', params: [] };
  return {
    sql: ` AND f.id IN (SELECT file_id FROM drive_file_tags WHERE drive_id = ? AND tag IN (${wanted
      .map(() => '?')
      .join(', ')}) GROUP BY file_id HAVING count(*) = ?)`,
    params: [driveId, ...wanted, wanted.length],
  };
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Drives, their files, tags, full-text rows and the files added to workspaces. */
export class DrivesRepository {
  constructor(private readonly db: Db) {}

  // ---- drives ---------------------------------------------------------------

  createDrive(input: { worldId: string; name: string; appName?: string | null }): DriveRow {
    const id = randomUUID();
    this.db
      .prepare(
        'INSERT INTO drives (id, world_id, name, app_name, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, input.worldId, input.name, input.appName ?? null, new Date().toISOString());
    return this.driveById(id)!;
  }

  driveById(id: string): DriveRow | undefined {
    return this.db.prepare('SELECT * FROM drives WHERE id = ?').get(id) as DriveRow | undefined;
  }

  driveByName(worldId: string, name: string): DriveRow | undefined {
    return this.db
      .prepare('SELECT * FROM drives WHERE world_id = ? AND name = ?')
      .get(worldId, name) as DriveRow | undefined;
  }

  drivesOf(worldId: string, includeAppDrives: boolean): DriveRow[] {
    return this.db
      .prepare(
        `SELECT * FROM drives WHERE world_id = ? ${includeAppDrives ? '' : 'AND app_name IS NULL'}
         ORDER BY app_name IS NOT NULL, name`,
      )
      .all(worldId) as DriveRow[];
  }

  stats(driveId: string): { totalSize: number; fileCount: number } {
    const row = this.db
      .prepare(
        'SELECT coalesce(sum(size), 0) AS totalSize, count(*) AS fileCount FROM drive_files WHERE drive_id = ?',
      )
      .get(driveId) as { totalSize: number; fileCount: number };
    return row;
  }

  /** The drive's tags with how many files carry each, most used first. */
  tagCounts(driveId: string, limit = 100): { Name: string; Count: number }[] {
    return this.db
      .prepare(
        `SELECT min(tag) AS Name, count(*) AS Count FROM drive_file_tags WHERE drive_id = ?
         GROUP BY tag ORDER BY Count DESC, Name LIMIT ?`,
      )
      .all(driveId, limit) as { Name: string; Count: number }[];
  }

  // ---- files ----------------------------------------------------------------

  fileById(id: number): FileRow | undefined {
    return this.db.prepare('SELECT * FROM drive_files WHERE id = ?').get(id) as FileRow | undefined;
  }

  fileByPath(driveId: string, path: string): FileRow | undefined {
    return this.db
      .prepare('SELECT * FROM drive_files WHERE drive_id = ? AND path = ?')
      .get(driveId, path) as FileRow | undefined;
  }

  filesByIds(ids: number[]): Map<number, FileRow> {
    const out = new Map<number, FileRow>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT * FROM drive_files WHERE id IN (${chunk.map(() => '?').join(', ')})`)
        .all(...chunk) as FileRow[];
      for (const r of rows) out.set(r.id, r);
    }
    return out;
  }

  /** A page of the drive's files under `prefix`, and how many there are in all. */
  listFiles(driveId: string, opts: ListOptions = {}): { rows: FileRow[]; total: number } {
    const prefix = opts.prefix ?? '';
    const where = ['f.drive_id = ?'];
    const params: unknown[] = [driveId];
    if (prefix) {
      // A range on the (drive_id, path) index: every path that starts with the prefix.
      where.push('f.path >= ? AND f.path < ?');
      params.push(prefix, `${prefix}\u{10FFFF}`);
    }
    const tags = tagFilter(driveId, opts.tags);
    const cond = where.join(' AND ') + tags.sql;
    const allParams = [...params, ...tags.params];
    const total = (
      this.db
        .prepare(`SELECT count(*) AS n FROM drive_files f WHERE ${cond}`)
        .get(...allParams) as {
        n: number;
      }
    ).n;
    const column = SORT_COLUMNS[opts.sortBy ?? 'path'];
    const dir = opts.sortDir === 'desc' ? 'DESC' : 'ASC';
    const order = column === 'f.path' ? `f.path ${dir}` : `${column} ${dir}, f.path ${dir}`;
    const rows = this.db
      .prepare(`SELECT f.* FROM drive_files f WHERE ${cond} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...allParams, opts.limit ?? 50, opts.offset ?? 0) as FileRow[];
    return { rows, total };
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
  }): { row: FileRow; replaced?: FileRow } {
    return this.db.transaction(() => {
      const old = this.fileByPath(input.driveId, input.path);
      const tags = input.tags !== undefined ? cleanTags(input.tags) : old ? tagsOf(old) : [];
      const description =
        input.description !== undefined ? input.description : (old?.description ?? null);
      let now = (input.now ?? new Date()).toISOString();
      // A new version always moves the updated time forward, even within one millisecond.
      if (old && now <= old.updated_at)
        now = new Date(Date.parse(old.updated_at) + 1).toISOString();
      let id: number;
      if (old) {
        id = old.id;
        this.db
          .prepare(
            `UPDATE drive_files SET name = ?, mime_type = ?, size = ?, hash = ?, tags = ?,
               description = ?, index_error = NULL, indexed_at = NULL, index_attempts = 0,
               updated_at = ?, version = version + 1
             WHERE id = ?`,
          )
          .run(
            input.name,
            input.mimeType,
            input.size,
            input.hash,
            JSON.stringify(tags),
            description,
            now,
            id,
          );
        this.db.prepare('DELETE FROM drive_file_tags WHERE file_id = ?').run(id);
        this.db.prepare('DELETE FROM drive_fts WHERE rowid = ?').run(id);
      } else {
        id = Number(
          this.db
            .prepare(
              `INSERT INTO drive_files (drive_id, path, name, mime_type, size, hash, tags, description, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              input.driveId,
              input.path,
              input.name,
              input.mimeType,
              input.size,
              input.hash,
              JSON.stringify(tags),
              description,
              now,
            ).lastInsertRowid,
        );
      }
      const addTag = this.db.prepare(
        'INSERT OR IGNORE INTO drive_file_tags (file_id, drive_id, tag) VALUES (?, ?, ?)',
      );
      for (const t of tags) addTag.run(id, input.driveId, t);
      this.db
        .prepare(
          'INSERT INTO drive_fts (rowid, path, name, description, tags, body) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(id, input.path, input.name, description ?? '', tags.join(' '), '');
      return { row: this.fileById(id)!, replaced: old };
    })();
  }

  /** Records the extracted text of one version; false when a newer version replaced it meanwhile. */
  setIndexed(fileId: number, version: number, body: string, error: string | null): boolean {
    return this.db.transaction(() => {
      const changed = this.db
        .prepare(
          `UPDATE drive_files SET indexed_at = ?, index_error = ? WHERE id = ? AND version = ?`,
        )
        .run(new Date().toISOString(), error, fileId, version).changes;
      if (changed === 0) return false;
      this.db.prepare('UPDATE drive_fts SET body = ? WHERE rowid = ?').run(body, fileId);
      return true;
    })();
  }

  /**
   * Records that extraction of this version starts, before it does: a server
   * killed meanwhile leaves the count behind. False when a newer version
   * replaced it (or it was indexed) meanwhile.
   */
  startIndexAttempt(fileId: number, version: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE drive_files SET index_attempts = index_attempts + 1
           WHERE id = ? AND version = ? AND indexed_at IS NULL`,
        )
        .run(fileId, version).changes > 0
    );
  }

  /** Takes back an attempt that was stopped by a clean shutdown, not by the file. */
  cancelIndexAttempt(fileId: number, version: number): void {
    this.db
      .prepare(
        `UPDATE drive_files SET index_attempts = max(index_attempts - 1, 0)
         WHERE id = ? AND version = ? AND indexed_at IS NULL`,
      )
      .run(fileId, version);
  }

  /** Files whose current version has not been indexed yet (after a restart, say). */
  pendingIndex(limit = 1_000_000): number[] {
    return (
      this.db
        .prepare('SELECT id FROM drive_files WHERE indexed_at IS NULL ORDER BY id LIMIT ?')
        .all(limit) as { id: number }[]
    ).map((r) => r.id);
  }

  /** The extracted text of a file ('' until indexed or when it has none). */
  bodyOf(fileId: number): string | undefined {
    const row = this.db.prepare('SELECT body FROM drive_fts WHERE rowid = ?').get(fileId) as
      { body: string } | undefined;
    return row?.body;
  }

  hashInUse(hash: string): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM drive_files WHERE hash = ? LIMIT 1').get(hash));
  }

  // ---- search ---------------------------------------------------------------

  /** Full-text matches for an FTS5 query, best first (bm25), with a marked snippet. */
  searchText(
    driveId: string,
    match: string,
    opts: { tags?: string[]; offset: number; limit: number },
  ): { hits: TextHit[]; total: number } {
    const tags = tagFilter(driveId, opts.tags);
    const from = `FROM drive_fts JOIN drive_files f ON f.id = drive_fts.rowid
                  WHERE drive_fts MATCH ? AND f.drive_id = ?${tags.sql}`;
    const params = [match, driveId, ...tags.params];
    const total = (this.db.prepare(`SELECT count(*) AS n ${from}`).get(...params) as { n: number })
      .n;
    if (total === 0) return { hits: [], total };
    const rows = this.db
      .prepare(
        `SELECT f.*, ${BM25} AS rank_, snippet(drive_fts, -1, '«', '»', '…', 16) AS snippet_
         ${from} ORDER BY rank_ LIMIT ? OFFSET ?`,
      )
      .all(...params, opts.limit, opts.offset) as (FileRow & { rank_: number; snippet_: string })[];
    return {
      total,
      hits: rows.map(({ rank_, snippet_, ...row }) => ({
        row,
        rank: rank_,
        snippet: snippet_.replace(/\s+/g, ' ').trim(),
      })),
    };
  }

  /**
   * Files carrying every tag in `tags` whose tags also contain each of `terms`
   * (case-insensitive substrings); exact tag matches rank first.
   */
  searchTags(
    driveId: string,
    opts: { tags?: string[]; terms: string[]; offset: number; limit: number },
  ): { rows: FileRow[]; total: number } {
    const tags = tagFilter(driveId, opts.tags);
    const terms = opts.terms.filter(Boolean).slice(0, 20);
    let cond = `f.drive_id = ?${tags.sql}`;
    const params: unknown[] = [driveId, ...tags.params];
    for (const term of terms) {
      cond += ` AND EXISTS (SELECT 1 FROM drive_file_tags t WHERE t.file_id = f.id AND t.tag LIKE ? ESCAPE '\\')`;
      params.push(`%${likeEscape(term)}%`);
    }
    if (!tags.sql && terms.length === 0) return { rows: [], total: 0 };
    const total = (
      this.db.prepare(`SELECT count(*) AS n FROM drive_files f WHERE ${cond}`).get(...params) as {
        n: number;
      }
    ).n;
    const exact = terms.length
      ? `(SELECT count(*) FROM drive_file_tags t WHERE t.file_id = f.id AND t.tag IN (${terms
          .map(() => '?')
          .join(', ')})) DESC, `
      : '';
    const rows = this.db
      .prepare(
        `SELECT f.* FROM drive_files f WHERE ${cond}
         ORDER BY ${exact}f.updated_at DESC, f.path LIMIT ? OFFSET ?`,
      )
      .all(...params, ...terms, opts.limit, opts.offset) as FileRow[];
    return { rows, total };
  }

  // ---- workspaces -----------------------------------------------------------

  addToWorkspace(workspaceId: string, driveId: string, path: string): void {
    this.db
      .prepare(
        'INSERT OR IGNORE INTO workspace_files (workspace_id, drive_id, path, added_at) VALUES (?, ?, ?, ?)',
      )
      .run(workspaceId, driveId, path, new Date().toISOString());
  }

  /** The files added to a workspace, oldest first. */
  workspaceFiles(workspaceId: string): { drive_id: string; path: string; added_at: string }[] {
    return this.db
      .prepare(
        'SELECT drive_id, path, added_at FROM workspace_files WHERE workspace_id = ? ORDER BY added_at, rowid',
      )
      .all(workspaceId) as { drive_id: string; path: string; added_at: string }[];
  }
}
