import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';

/** The query layer over either dialect; only server/store/ holds one. */
export type Queries = Kysely<Database>;
export type Tx = Transaction<Database>;

/**
 * Kysely over the embedded SQLite handle. It shares better-sqlite3's one
 * connection, so repositories not yet moved to Kysely see the same data and
 * the same transactions while the store moves over (issue 15).
 */
export function sqliteQueries(db: Db): Queries {
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: db }) });
}

/**
 * SQLite whose transactions begin IMMEDIATE: each takes the database's write
 * lock as it begins, waiting its turn (busy_timeout) behind another
 * process's writer. Begun DEFERRED (Kysely's way), a transaction that read
 * first and wrote after another process had committed (the CLI beside a
 * running server, a bench seeding while the server indexes its demo files)
 * failed at once with "database is locked": SQLite cannot move a read begun
 * on an older snapshot up to a write, and does not wait for that.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/**
 * Runs work in a transaction: the caller's when `q` already is one (a
 * repository used through store.transaction), else a new one.
 */
export function inTransaction<T>(q: Queries, work: (tx: Queries) => Promise<T>): Promise<T> {
  return q.isTransaction ? work(q) : q.transaction().execute(work);
}
