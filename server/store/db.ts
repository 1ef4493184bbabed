import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteMigrations } from './migrations/sqlite';
import type { Migration } from './migrations/types';

export type Db = Database.Database;

/** The SQLite store's file in DATA_DIR. */
export const SQLITE_FILE = 'emgen.sqlite';

/** How long a process waits for another one's write lock in normal use. */
const BUSY_TIMEOUT_MS = 5_000;
/** How long a starting process waits for another one's migrations or seeding. */
const MIGRATION_WAIT_MS = 120_000;

/** Opens (creating if needed) the SQLite store in dataDir, without migrating it. */
export function connectDb(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, SQLITE_FILE));
  // First, so that switching to WAL waits for a process starting beside us, which
  // may hold the write lock for all its migrations (a busy machine: many seconds).
  db.pragma(`busy_timeout = ${MIGRATION_WAIT_MS}`);
  switchToWal(db);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('foreign_keys = ON');
  return db;
}

/** Between two tries of the switch to WAL. */
const WAL_RETRY_MS = 50;

/**
 * PRAGMA journal_mode = WAL, tried again while another process holds the file.
 * Two processes opening a fresh store together can get SQLITE_BUSY here at
 * once: SQLite does not wait out the busy timeout for every lock this switch
 * takes. Only at start-up, before the server listens, so waiting here blocks
 * nobody.
 */
function switchToWal(db: Db): void {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      Atomics.wait(pause, 0, 0, WAL_RETRY_MS);
    }
  }
}

/** Opens (creating if needed) the SQLite store in dataDir and applies migrations. */
export function openDb(dataDir: string): Db {
  const db = connectDb(dataDir);
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** Runs fn with SQLite's write lock held, waiting long for it (another process may be migrating). */
function holdingWriteLock<T>(db: Db, fn: () => T): T {
  const before = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${MIGRATION_WAIT_MS}`);
  try {
    return fn();
  } finally {
    db.pragma(`busy_timeout = ${before}`);
  }
}

/**
 * Applies the pending migrations, all in one transaction begun IMMEDIATE:
 * it takes the write lock before reading what is applied, so two processes
 * opening the same file serialize and each migration runs once. Returns the
 * ids it applied.
 */
export function migrate(db: Db, migrations: Migration[] = sqliteMigrations): number[] {
  const apply = db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
    )`);
    const done = new Set(
      (db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id),
    );
    const record = db.prepare(
      'INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)',
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      db.exec(m.sql);
      record.run(m.id, m.name, new Date().toISOString());
      applied.push(m.id);
    }
    return applied;
  });
  return holdingWriteLock(db, () => apply.immediate());
}

/**
 * Runs fn inside the migration lock (a transaction begun IMMEDIATE), so that
 * work done once per store on start, such as seeding, does not race another
 * process starting on the same file. fn may await; it must not open a
 * transaction of its own (better-sqlite3's nest as savepoints, which is fine).
 * Committed when fn resolves, rolled back when it throws.
 */
export async function withMigrationLock<T>(db: Db, fn: () => Promise<T> | T): Promise<T> {
  holdingWriteLock(db, () => db.exec('BEGIN IMMEDIATE'));
  try {
    const result = await fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
