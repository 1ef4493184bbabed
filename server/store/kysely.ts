import { Kysely, SqliteDialect, type Transaction } from 'kysely';
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: db }) });
}

/**
 * Runs work in a transaction: the caller's when `q` already is one (a
 * repository used through store.transaction), else a new one.
 */
export function inTransaction<T>(q: Queries, work: (tx: Queries) => Promise<T>): Promise<T> {
  return q.isTransaction ? work(q) : q.transaction().execute(work);
}
