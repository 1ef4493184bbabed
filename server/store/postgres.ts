import { Kysely } from 'kysely';
import pg from 'pg';
import { ConfigError, type Config } from '../config';
import { postgresMigrations } from './migrations/postgres';
import type { Migration } from './migrations/types';
import { codeOf, connectionLost, storeErrorOf, TranslatingPostgresDialect } from './postgresErrors';

/** The settings the PostgreSQL store reads (README: Configuration). */
export type PostgresConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATABASE_POOL_MAX' | 'DATABASE_SSL' | 'DATABASE_STATEMENT_TIMEOUT_MS'
>;

/** How long opening one connection may take before the server counts as unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

function ssl(mode: PostgresConfig['DATABASE_SSL']): pg.ClientConfig['ssl'] {
  if (mode === 'disable') return false;
  // Node checks the certificate chain and the host name unless told not to.
  return { rejectUnauthorized: mode === 'verify-full' };
}

/**
 * BIGINT (ids, sizes, epoch milliseconds, count(*)) read as a JavaScript
 * number, as better-sqlite3 reads SQLite's INTEGER, so rows look alike on both
 * stores. A value past 2^53 would lose digits: it fails loudly instead.
 */
function bigintAsNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`BIGINT ${text} does not fit a JavaScript number`);
  return n;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? bigintAsNumber
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connection settings shared by the start-up check and the pool. */
export function clientConfig(config: PostgresConfig & { DATABASE_URL: string }): pg.ClientConfig {
  return {
    connectionString: config.DATABASE_URL,
    ssl: ssl(config.DATABASE_SSL),
    statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'emgen',
    types,
  };
}

/** Where the URL points, for messages: never its password. */
export function shownTarget(url: string): string {
  const u = new URL(url);
  const host = u.hostname
    ? `${decodeURIComponent(u.hostname)}:${u.port || 5432}`
    : 'the local socket';
  return `${host}${u.pathname.length > 1 ? u.pathname : ''}`;
}

/** One line saying why a connection failed, in the words an operator can act on. */
export function connectionFailure(url: string, err: unknown): string {
  // Server messages are one line already; a driver's may not be.
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  const code = codeOf(err);
  const where = shownTarget(url);
  switch (code) {
    case 'ECONNREFUSED':
      return `no PostgreSQL server answers at ${where} (connection refused)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host of ${where} cannot be found`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} cannot be reached (${code})`;
    case '28P01':
    case '28000':
      return `the server at ${where} refused the sign-in: ${message}`;
    case '3D000':
      return `${message} on ${where.replace(/\/.*$/, '')}`;
    default:
      if (/timeout/i.test(message)) {
        return `no answer from ${where} within ${CONNECT_TIMEOUT_MS / 1000} s`;
      }
      return `cannot connect to ${where}: ${message || code}`;
  }
}

/**
 * Connects once and asks the server a question: undefined when it answers,
 * else one line saying why not (connectionFailure).
 */
export async function reachabilityProblem(
  config: PostgresConfig & { DATABASE_URL: string },
): Promise<string | undefined> {
  const url = config.DATABASE_URL;
  const client = new pg.Client(clientConfig(config));
  // A connection that dies after the check must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return connectionFailure(url, err);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Checks that DATABASE_URL answers, so that a wrong URL, an unreachable
 * server or a refused sign-in stops start-up with one line naming
 * DATABASE_URL instead of failing on the first request.
 */
export async function checkDatabaseReachable(config: PostgresConfig): Promise<void> {
  if (!config.DATABASE_URL) return;
  const problem = await reachabilityProblem({ ...config, DATABASE_URL: config.DATABASE_URL });
  if (problem) throw new ConfigError(`Invalid configuration: DATABASE_URL: ${problem}`);
}

/**
 * The key of the transaction-level advisory lock that migrations and seeding
 * hold, so that processes starting together on one database take turns:
 * "EMGEN" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x454d47454e;

/**
 * Runs fn in a transaction holding the migration lock
 * (pg_advisory_xact_lock): another process doing the same waits until this
 * one commits. Committed when fn resolves, rolled back when it throws; the
 * lock goes with the transaction either way.
 */
export async function withPostgresMigrationLock<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Applies the pending PostgreSQL migrations in one transaction under the
 * migration lock, so two processes starting on a fresh database apply each
 * migration once. Returns the ids it applied.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: Migration[] = postgresMigrations,
): Promise<number[]> {
  return withPostgresMigrationLock(pool, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL
    )`);
    const done = new Set(
      (await client.query<{ id: number }>('SELECT id FROM schema_migrations')).rows.map(
        (r) => r.id,
      ),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      // No parameters: the simple query protocol, which runs every statement of the migration.
      await client.query(m.sql);
      await client.query(
        'INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)',
        [m.id, m.name, new Date().toISOString()],
      );
      applied.push(m.id);
    }
    return applied;
  });
}

export interface PostgresStore<DB> {
  /** The driver's pool: DATABASE_POOL_MAX connections, DATABASE_SSL, statement_timeout. */
  pool: pg.Pool;
  /** The query layer over the same pool. */
  db: Kysely<DB>;
  /** Ends every connection. */
  close(): Promise<void>;
}

/**
 * Marks a client whose query failed because its connection is gone. The server
 * ends a backend with an error message before closing the socket, so the
 * query can fail, and the client be released, before pg notices the close;
 * back in the pool it would fail the next query too.
 */
function noteLostConnection(client: pg.PoolClient, lost: WeakSet<pg.PoolClient>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    // Registered before the caller's own await, so it runs first.
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (connectionLost(err)) lost.add(client);
      });
    }
    return result;
  };
}

/** The pool as Kysely sees it: a client marked lost is closed on release, not reused. */
function droppingLost(pool: pg.Pool, lost: WeakSet<pg.PoolClient>) {
  return {
    connect: async () => {
      const client = await pool.connect();
      const release = client.release.bind(client);
      // Kysely passes false for a connection it has no reason to discard.
      client.release = (err?: Error | boolean) => release(err || lost.has(client));
      return client;
    },
    end: () => pool.end(),
    // What Kysely uses to cancel a query on a side connection.
    options: pool.options,
    Client: pg.Client,
  };
}

/**
 * Opens the PostgreSQL store named by DATABASE_URL: checks that it answers
 * (one line naming DATABASE_URL when not), applies pending migrations under
 * the migration lock, and returns the pool and a Kysely instance over it.
 * A connection that breaks (the server restarted) is dropped from the pool and
 * replaced on the next query; `onIdleError` hears of one that broke while
 * idle. A query that fails because the database is gone or slower than
 * DATABASE_STATEMENT_TIMEOUT_MS throws StoreUnavailableError.
 */
export async function openPostgres<DB>(
  config: PostgresConfig,
  opts: { onIdleError?: (err: Error) => void } = {},
): Promise<PostgresStore<DB>> {
  const url = config.DATABASE_URL;
  if (!url) throw new Error('openPostgres needs DATABASE_URL');
  await checkDatabaseReachable(config);
  const pool = new pg.Pool({
    ...clientConfig({ ...config, DATABASE_URL: url }),
    max: config.DATABASE_POOL_MAX,
  });
  // Without a listener, an idle connection's error would end the process.
  pool.on('error', (err) => opts.onIdleError?.(err));
  // So would the error of a connection in use when the server goes away (a restart
  // ends it mid-query): that query fails with it already.
  const lost = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    noteLostConnection(client, lost);
  });
  try {
    await migratePostgres(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  // A database that is gone or too slow reaches callers as StoreUnavailableError.
  const dialect = new TranslatingPostgresDialect({ pool: droppingLost(pool, lost) }, (err) =>
    storeErrorOf(err, config.DATABASE_STATEMENT_TIMEOUT_MS),
  );
  const db = new Kysely<DB>({ dialect });
  let closed: Promise<void> | undefined;
  const close = async () => {
    // destroy() ends the pool once Kysely has used it; until then only we can.
    await db.destroy();
    if (!pool.ending && !pool.ended) await pool.end();
  };
  return { pool, db, close: () => (closed ??= close()) };
}
