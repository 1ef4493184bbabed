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
 * Migration 24 on a store made before it: the accounts that administer every
 * world become global administrators, so an installation keeps someone who
 * may manage people; nobody is disabled or asked for a new password.
 * PostgreSQL runs the same UPDATE (peopleAudit.ts).
 */
it('makes the accounts that administer every world global administrators, and no one else', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-people-'));
  dirs.push(dir);
  const db = connectDb(dir);
  dbs.push(db);
  migrate(
    db,
    sqliteMigrations.filter((m) => m.id < 24),
  );
  db.exec(`
    INSERT INTO worlds (id, name) VALUES ('lab', 'Lab'), ('acme', 'Acme');
    INSERT INTO users (id, email, name) VALUES
      ('root', 'root@x', 'Root'), ('half', 'half@x', 'Half'), ('member', 'member@x', 'Member');
    INSERT INTO world_members (world_id, user_id, is_admin) VALUES
      ('lab', 'root', 1), ('acme', 'root', 1),
      ('lab', 'half', 1), ('acme', 'half', 0),
      ('lab', 'member', 0);
  `);
  // 24 and the ones after it (25, 26, …) run on this store of migration 23.
  expect(migrate(db)[0]).toBe(24);
  expect(
    db
      .prepare('SELECT id, global_admin, disabled_at, must_change_password FROM users ORDER BY id')
      .all(),
  ).toEqual([
    { id: 'half', global_admin: 0, disabled_at: null, must_change_password: 0 },
    { id: 'member', global_admin: 0, disabled_at: null, must_change_password: 0 },
    { id: 'root', global_admin: 1, disabled_at: null, must_change_password: 0 },
  ]);
  expect(db.prepare('SELECT count(*) AS n FROM audit_events').get()).toEqual({ n: 0 });
});
