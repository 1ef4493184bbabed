import type { Migration } from './types';

/**
 * Migration 29, one id and name for both dialects: on SQLite, the drive of
 * each file in an index of its own, for full-text search's drive filter.
 *
 * FTS5 finds a word's matches in every drive; search keeps one drive's by
 * looking up each match's drive_id in drive_files (a common word has 20,000
 * matches in a drive of 100,000 files). The table's rows are wide (path,
 * name, description, tags, hashes...), so each lookup reads a page of few
 * rows; this index holds only (id, drive_id), so the same lookups read a
 * fraction of the pages (search names it: SQLite's planner prefers the
 * table's own key). Putting the drive into the FTS5 table instead would
 * filter inside MATCH, but bm25 counts every indexed column's words in a
 * document's length, so every rank would move and some orders with them.
 *
 * PostgreSQL keeps the drive in drive_fts already (migration 11): nothing to do.
 */
const NAME = "each file's drive in an index of its own, for full-text search (SQLite)";

export const sqliteSearchDriveIndex: Migration = {
  id: 29,
  name: NAME,
  sql: `CREATE INDEX drive_files_drive_of ON drive_files(id, drive_id);`,
};

export const postgresSearchDriveIndex: Migration = {
  id: 29,
  name: NAME,
  sql: `SELECT 1;`,
};
