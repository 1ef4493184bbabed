import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, migrate, openDb, withMigrationLock, type Db } from '../../server/store/db';
import { sqliteMigrations } from '../../server/store/migrations/sqlite';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-migrations-'));
  dirs.push(dir);
  return dir;
}

const ALL_IDS = sqliteMigrations.map((m) => m.id);

/** The schema objects of a store, each with the SQL that made it. */
function schema(db: Db): Record<string, string | null> {
  const rows = db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    .all() as { type: string; name: string; sql: string | null }[];
  return Object.fromEntries(rows.map((r) => [`${r.type} ${r.name}`, r.sql]));
}

/**
 * The semantic index tables exactly as the indexes created them before the
 * migrations did (server/drives/semantic/*Index.ts up to issue 15).
 */
const SEMANTIC_TABLES_BEFORE = `
  CREATE TABLE IF NOT EXISTS semantic_concepts (
    file_id INTEGER NOT NULL,
    chunk INTEGER NOT NULL,
    drive_id TEXT NOT NULL,
    version TEXT NOT NULL,
    bag TEXT NOT NULL,
    synsets BLOB NOT NULL,
    weights BLOB NOT NULL,
    terms TEXT NOT NULL,
    PRIMARY KEY (file_id, chunk)
  );
  CREATE INDEX IF NOT EXISTS semantic_concepts_drive ON semantic_concepts(drive_id);
  CREATE TABLE IF NOT EXISTS semantic_embeddings (
    file_id INTEGER NOT NULL,
    chunk INTEGER NOT NULL,
    drive_id TEXT NOT NULL,
    model TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (file_id, chunk)
  );
  CREATE INDEX IF NOT EXISTS semantic_embeddings_drive ON semantic_embeddings(drive_id);
`;

interface ChildResult {
  applied: number[];
  value?: string | null;
}

/** Starts tests/support/sqliteMigrateChild.ts; resolves `ready` once it has opened the store. */
function child(dataDir: string, goFile: string, metaKey?: string) {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/support/sqliteMigrateChild.ts',
      dataDir,
      goFile,
      ...(metaKey ? [metaKey] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('ready\n')) markReady();
  });
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<ChildResult>((resolve, reject) => {
    proc.on('exit', (code) => {
      if (code !== 0) reject(new Error(`migrating child exited ${code}: ${err.trim()}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult);
    });
  });
  return { ready, done };
}

describe('SQLite migrations', () => {
  it('keeps the shipped migrations 1 to 9 word for word (existing stores depend on them)', () => {
    const fingerprints = sqliteMigrations
      .slice(0, 9)
      .map((m) =>
        createHash('sha256').update(`${m.id}\n${m.name}\n${m.sql}`).digest('hex').slice(0, 16),
      );
    expect(fingerprints).toEqual([
      '45456f4a1fd5dfde',
      'bf01f4252d467f65',
      '5ea9a737a6818f56',
      'e739432f32f8d1bc',
      '3fef197b4d2c04d4',
      '659ef09e28b0ffb4',
      '005b68d6c5a487a7',
      'fc1db212eec41d50',
      'e720d4aeb918901b',
    ]);
    // Ids are applied as a set (parallel branches take their own), so they need only rise.
    expect(ALL_IDS).toEqual([...new Set(ALL_IDS)].sort((a, b) => a - b));
  });

  it('creates every table on a fresh store, the semantic index tables included, once', () => {
    const db = openDb(tempDir());
    dbs.push(db);
    const tables = Object.keys(schema(db));
    for (const t of ['users', 'drive_fts', 'semantic_passages', 'semantic_embeddings'])
      expect(tables).toContain(`table ${t}`);
    expect(
      (db.prepare('SELECT id FROM schema_migrations ORDER BY id').all() as { id: number }[]).map(
        (r) => r.id,
      ),
    ).toEqual(ALL_IDS);
    expect(migrate(db)).toEqual([]);
  });

  it('opens a data dir made before the semantic tables were migrations, leaving it as it was', () => {
    const dir = tempDir();
    // The store as the code before this change left it: migrations 1..9 and
    // the tables the semantic indexes created for themselves, with data.
    const old = connectDb(dir);
    expect(migrate(old, sqliteMigrations.slice(0, 9))).toEqual(ALL_IDS.slice(0, 9));
    old.exec(SEMANTIC_TABLES_BEFORE);
    old.exec(`
      INSERT INTO worlds (id, name) VALUES ('w', 'World');
      INSERT INTO users (id, email, name) VALUES ('u', 'Ann@Example.org', 'Ann');
      INSERT INTO drives (id, world_id, name, created_at) VALUES ('d', 'w', 'Docs', '2024-01-01T00:00:00.000Z');
      INSERT INTO drive_files (drive_id, path, name, mime_type, size, hash, updated_at)
        VALUES ('d', 'a/notes.md', 'notes.md', 'text/markdown', 5, 'h', '2024-01-01T00:00:00.000Z');
      INSERT INTO drive_fts (rowid, path, name, description, tags, body)
        VALUES (1, 'a/notes.md', 'notes.md', '', '', 'hello world');
      INSERT INTO semantic_concepts VALUES (1, 0, 'd', 'v', '{}', x'00', x'00', '[]');
      INSERT INTO semantic_embeddings VALUES (1, 0, 'd', 'm', x'0000803f');
    `);
    const before = schema(old);
    old.close();

    const db = openDb(dir);
    dbs.push(db);
    // Later migrations add tables of their own (13: blob writers and leases, 14: flow states,
    // 15: pending OIDC sign-ins, 16: meeting instances and their answers under way), a
    // file's indexing state (17: drive_files.index_state), the tool providers each
    // expert brings (18: experts.tool_providers), and word-vector passages in place of
    // concept vectors, embeddings knowing their passage (19), whether a workspace is
    // shared with its world (20: workspaces.shared), the sidebar's per-person marks, soft
    // deletion and message search (21), and a message's model, time taken, stopped mark
    // and earlier versions (22), each person's settings (23: user_settings), disabled
    // accounts, temporary passwords, global admins and the audit log (24), and the MCP servers
    // each world uses with tool messages' tool names (25: mcp_providers, messages.tool_name),
    // and drive files' earlier versions, trash and who replaced them (26: drive_file_versions,
    // drive_trash, drive_files.updated_by), and each file's drive in an index of its own for
    // search (29: drive_files_drive_of); nothing else changes.
    const after = Object.fromEntries(
      Object.entries(schema(db))
        .filter(
          ([key]) =>
            !/^(table|index|trigger) (blob_|flow_states|oidc_|meeting_instances|answers_under_way|semantic_passages|workspace_user_marks|messages_fts|workspaces_deleted|user_settings|audit_events|mcp_providers|drive_file_versions|drive_trash|drive_listing_revisions|drive_files_listed|drive_file_tags_listed|drive_files_drive_of)/.test(
              key,
            ),
        )
        .map(([key, sql]) => [
          key,
          sql
            ?.replace(", index_state TEXT NOT NULL DEFAULT 'queued'", '')
            .replace(', updated_by TEXT', '')
            .replace(', tool_providers TEXT)', ')')
            .replace(', deleted_at TEXT)', ')')
            .replace(
              ', disabled_at TEXT, must_change_password INTEGER NOT NULL DEFAULT 0, global_admin INTEGER NOT NULL DEFAULT 0)',
              ')',
            )
            .replace(', shared INTEGER NOT NULL DEFAULT 0)', ')')
            .replace(
              ', model TEXT, duration_ms INTEGER, stopped INTEGER NOT NULL DEFAULT 0, versions TEXT, tool_name TEXT)',
              ')',
            )
            .replace(
              ", start INTEGER NOT NULL DEFAULT 0, stop INTEGER NOT NULL DEFAULT 0, heading TEXT NOT NULL DEFAULT ''",
              '',
            ) ?? null,
        ]),
    );
    const beforeWithoutConcepts = Object.fromEntries(
      Object.entries(before).filter(([key]) => !/^(table|index) semantic_concepts/.test(key)),
    );
    expect(after).toEqual(beforeWithoutConcepts);
    const applied = db.prepare('SELECT id, name FROM schema_migrations ORDER BY id').all();
    expect(applied).toEqual(sqliteMigrations.map(({ id, name }) => ({ id, name })));
    expect(db.prepare('SELECT email FROM users').all()).toEqual([{ email: 'Ann@Example.org' }]);
    expect(db.prepare("SELECT rowid FROM drive_fts WHERE drive_fts MATCH 'hello'").all()).toEqual([
      { rowid: 1 },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM semantic_passages').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT start, stop, heading FROM semantic_embeddings').all()).toEqual([
      { start: 0, stop: 0, heading: '' },
    ]);
  });

  it('two processes opening the same fresh store together both succeed, each migration applied once', async () => {
    const dir = tempDir();
    const go = path.join(dir, 'go');
    const a = child(dir, go);
    const b = child(dir, go);
    await Promise.all([a.ready, b.ready]);
    fs.writeFileSync(go, '');
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([...ra.applied, ...rb.applied].sort((x, y) => x - y)).toEqual(ALL_IDS);
    const db = new Database(path.join(dir, 'emgen.sqlite'));
    dbs.push(db);
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({
      n: ALL_IDS.length,
    });
  });

  it('withMigrationLock makes another process starting meanwhile wait for the work to commit', async () => {
    const dir = tempDir();
    const db = openDb(dir);
    dbs.push(db);
    const go = path.join(dir, 'go');
    const other = child(dir, go, 'seeded');
    await withMigrationLock(db, async () => {
      await other.ready;
      fs.writeFileSync(go, '');
      // The other process is now blocked on the lock: give it every chance to read too early.
      await new Promise((resolve) => setTimeout(resolve, 500));
      db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', 'by the first process')").run();
    });
    expect(await other.done).toEqual({ applied: [], value: 'by the first process' });
  });

  it('withMigrationLock rolls back what failed', async () => {
    const db = openDb(tempDir());
    dbs.push(db);
    await expect(
      withMigrationLock(db, () => {
        db.prepare("INSERT INTO meta (key, value) VALUES ('half', 'done')").run();
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    expect(db.inTransaction).toBe(false);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'half'").get()).toBeUndefined();
  });
});
