import type { Migration } from './types';

/**
 * Migration 26, one module for both dialects (same id and name): what
 * administering drives needs.
 *
 * - `drive_files.updated_by`: who made the current version (null for files
 *   written before, by the seed or by an app).
 * - `drive_file_versions`: the earlier versions of a file, one row each with
 *   its own blob hash; a replaced version is kept until it is older than the
 *   retention (DRIVE_TRASH_RETENTION_DAYS) and then purged, after which the
 *   orphan-blob sweep may remove its bytes. `file_id` has no foreign key:
 *   the file may sit in the trash meanwhile, and its versions with it.
 * - `drive_trash`: deleted files, moved out of `drive_files` whole (its
 *   id, tags, description, version, and the workspaces it was attached to),
 *   so no other query needs a "deleted" filter; one `batch_id` per
 *   deletion, so a folder comes back with one Undo.
 */
const NAME = 'drive file versions, trash and who made a version';

export const sqliteDriveHistory: Migration = {
  id: 26,
  name: NAME,
  sql: `
    ALTER TABLE drive_files ADD COLUMN updated_by TEXT;
    CREATE TABLE drive_file_versions (
      file_id INTEGER NOT NULL,
      drive_id TEXT NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      name TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      hash TEXT NOT NULL,
      created_at TEXT NOT NULL,
      created_by TEXT,
      replaced_at TEXT NOT NULL,
      replaced_by TEXT,
      PRIMARY KEY (file_id, version)
    );
    CREATE INDEX drive_file_versions_hash ON drive_file_versions(hash);
    CREATE INDEX drive_file_versions_replaced ON drive_file_versions(replaced_at);
    CREATE INDEX drive_file_versions_drive ON drive_file_versions(drive_id);
    CREATE TABLE drive_trash (
      file_id INTEGER PRIMARY KEY,
      drive_id TEXT NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
      batch_id TEXT NOT NULL,
      path TEXT NOT NULL,
      name TEXT NOT NULL,
      mime_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      hash TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      description TEXT,
      updated_at TEXT NOT NULL,
      updated_by TEXT,
      version INTEGER NOT NULL,
      workspace_ids TEXT NOT NULL DEFAULT '[]',
      deleted_at TEXT NOT NULL,
      deleted_by TEXT
    );
    CREATE INDEX drive_trash_batch ON drive_trash(drive_id, batch_id);
    CREATE INDEX drive_trash_deleted ON drive_trash(deleted_at);
    CREATE INDEX drive_trash_hash ON drive_trash(hash);
  `,
};

export const postgresDriveHistory: Migration = {
  id: 26,
  name: NAME,
  sql: `
    ALTER TABLE drive_files ADD COLUMN updated_by TEXT COLLATE "C";
    CREATE TABLE drive_file_versions (
      file_id BIGINT NOT NULL,
      drive_id TEXT COLLATE "C" NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
      version INTEGER NOT NULL,
      name TEXT COLLATE "C" NOT NULL,
      mime_type TEXT COLLATE "C" NOT NULL,
      size BIGINT NOT NULL,
      hash TEXT COLLATE "C" NOT NULL,
      created_at TEXT COLLATE "C" NOT NULL,
      created_by TEXT COLLATE "C",
      replaced_at TEXT COLLATE "C" NOT NULL,
      replaced_by TEXT COLLATE "C",
      PRIMARY KEY (file_id, version)
    );
    CREATE INDEX drive_file_versions_hash ON drive_file_versions(hash);
    CREATE INDEX drive_file_versions_replaced ON drive_file_versions(replaced_at);
    CREATE INDEX drive_file_versions_drive ON drive_file_versions(drive_id);
    CREATE TABLE drive_trash (
      file_id BIGINT PRIMARY KEY,
      drive_id TEXT COLLATE "C" NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
      batch_id TEXT COLLATE "C" NOT NULL,
      path TEXT COLLATE "C" NOT NULL,
      name TEXT COLLATE "C" NOT NULL,
      mime_type TEXT COLLATE "C" NOT NULL,
      size BIGINT NOT NULL,
      hash TEXT COLLATE "C" NOT NULL,
      tags TEXT COLLATE "C" NOT NULL DEFAULT '[]',
      description TEXT COLLATE "C",
      updated_at TEXT COLLATE "C" NOT NULL,
      updated_by TEXT COLLATE "C",
      version INTEGER NOT NULL,
      workspace_ids TEXT COLLATE "C" NOT NULL DEFAULT '[]',
      deleted_at TEXT COLLATE "C" NOT NULL,
      deleted_by TEXT COLLATE "C"
    );
    CREATE INDEX drive_trash_batch ON drive_trash(drive_id, batch_id);
    CREATE INDEX drive_trash_deleted ON drive_trash(deleted_at);
    CREATE INDEX drive_trash_hash ON drive_trash(hash);
  `,
};
