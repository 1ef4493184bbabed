/**
 * A second process opening a SQLite store, for tests/server/migrations.test.ts:
 *   node --import tsx tests/support/sqliteMigrateChild.ts <dataDir> <goFile> [<metaKey>]
 * Prints "ready", waits until <goFile> exists (so two children start
 * together), migrates, then (with <metaKey>) reads that meta value under the
 * migration lock. Prints {"applied": [...], "value": ...} as its last line.
 */
import fs from 'node:fs';
import { connectDb, migrate, withMigrationLock } from '../../server/store/db';

const [dataDir, goFile, metaKey] = process.argv.slice(2) as [string, string, string?];
const db = connectDb(dataDir);
console.log('ready');
while (!fs.existsSync(goFile)) {
  // Spin rather than sleep: both children leave the loop within microseconds of each other.
}
const applied = migrate(db);
const value = metaKey
  ? await withMigrationLock(db, () => {
      const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(metaKey) as
        { value: string } | undefined;
      return row?.value ?? null;
    })
  : undefined;
db.close();
console.log(JSON.stringify({ applied, value }));
