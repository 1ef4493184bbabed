import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { connectDb, migrate, type Db } from '../../../server/store/db';
import { sqliteMigrations } from '../../../server/store/migrations/sqlite';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Migration 20 on a store made before it: what existing workspaces become
 * (see the migration's comment). PostgreSQL runs the same SQL (workspaceSharing.ts).
 */
it('shares the Welcome meetings and workspaces nobody took part in; the rest become private to their people', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-sharing-'));
  dirs.push(dir);
  const db = connectDb(dir);
  dbs.push(db);
  migrate(
    db,
    sqliteMigrations.filter((m) => m.id < 20),
  );
  db.exec(`
    INSERT INTO worlds (id, name) VALUES ('lab', 'Lab');
    INSERT INTO users (id, email, name) VALUES ('ann', 'ann@x', 'Ann'), ('bob', 'bob@x', 'Bob');
    INSERT INTO workspaces (id, world_id, name, created_by, created_at) VALUES
      ('lab-welcome', 'lab', 'Welcome meeting', 'ann', '2024-01-01T00:00:00.000Z'),
      ('talked', 'lab', 'Ann and Bob', 'ann', '2024-01-02T00:00:00.000Z'),
      ('nobody', 'lab', 'Seeded, untouched', NULL, '2024-01-03T00:00:00.000Z'),
      ('creator-only', 'lab', 'Made before creators were people', 'bob', '2024-01-04T00:00:00.000Z');
    INSERT INTO workspace_users (workspace_id, user_id) VALUES
      ('lab-welcome', 'ann'), ('talked', 'ann'), ('talked', 'bob');
  `);
  expect(
    migrate(
      db,
      sqliteMigrations.filter((m) => m.id <= 20),
    ),
  ).toEqual([20]);
  const shared = db.prepare('SELECT id, shared FROM workspaces ORDER BY id').all();
  expect(shared).toEqual([
    { id: 'creator-only', shared: 0 },
    { id: 'lab-welcome', shared: 1 },
    { id: 'nobody', shared: 1 },
    { id: 'talked', shared: 0 },
  ]);
  const people = db
    .prepare('SELECT workspace_id, user_id FROM workspace_users ORDER BY workspace_id, user_id')
    .all();
  expect(people).toEqual([
    { workspace_id: 'creator-only', user_id: 'bob' },
    { workspace_id: 'lab-welcome', user_id: 'ann' },
    { workspace_id: 'talked', user_id: 'ann' },
    { workspace_id: 'talked', user_id: 'bob' },
  ]);
});
