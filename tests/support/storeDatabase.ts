import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDb } from '../../server/store/db';
import type { Database } from '../../server/store/schema';

/**
 * A second connection to a test server's database, for tests that must look
 * under the repositories (expire a session, count rows, make the database
 * refuse a write). The server never exposes its own handle: this opens the
 * same SQLite file or the same PostgreSQL database the way another process would.
 */
export interface StoreDatabase {
  dialect: 'sqlite' | 'postgres';
  q: Kysely<Database>;
  /** Runs raw statements (a trigger, per dialect): test-only, never server code. */
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

export function openStoreDatabase(config: {
  DATA_DIR: string;
  DATABASE_URL?: string;
}): StoreDatabase {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
    pool.on('error', () => {});
    const q = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      dialect: 'postgres',
      q,
      exec: async (statement) => {
        await pool.query(statement);
      },
      close: () => q.destroy(),
    };
  }
  const db = connectDb(path.resolve(config.DATA_DIR));
  const q = new Kysely<Database>({ dialect: new SqliteDialect({ database: db }) });
  return {
    dialect: 'sqlite',
    q,
    exec: async (statement) => {
      await sql.raw(statement).execute(q);
    },
    close: () => q.destroy(),
  };
}

/** Opens the database, runs `work`, closes it. */
export async function withStoreDatabase<T>(
  config: { DATA_DIR: string; DATABASE_URL?: string },
  work: (db: StoreDatabase) => Promise<T>,
): Promise<T> {
  const db = openStoreDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
