import pg from 'pg';
import { ConfigError, type Config } from '../config';

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

/** Connection settings shared by the start-up check and the pool. */
export function clientConfig(config: PostgresConfig & { DATABASE_URL: string }): pg.ClientConfig {
  return {
    connectionString: config.DATABASE_URL,
    ssl: ssl(config.DATABASE_SSL),
    statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'emgen',
  };
}

/** Where the URL points, for messages: never its password. */
function target(url: string): string {
  const u = new URL(url);
  const host = u.hostname
    ? `${decodeURIComponent(u.hostname)}:${u.port || 5432}`
    : 'the local socket';
  return `${host}${u.pathname.length > 1 ? u.pathname : ''}`;
}

/** The error's code; Node reports a host with several addresses (localhost) as an AggregateError. */
function codeOf(err: unknown): string | undefined {
  const e = err as { code?: string; errors?: unknown[] } | undefined;
  return e?.code ?? e?.errors?.map(codeOf).find(Boolean);
}

/** One line saying why a connection failed, in the words an operator can act on. */
export function connectionFailure(url: string, err: unknown): string {
  const e = err as Error;
  const code = codeOf(err);
  const where = target(url);
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
      return `the server at ${where} refused the sign-in: ${e.message}`;
    case '3D000':
      return `${e.message} on ${target(url).replace(/\/.*$/, '')}`;
    default:
      if (/timeout/i.test(e.message)) {
        return `no answer from ${where} within ${CONNECT_TIMEOUT_MS / 1000} s`;
      }
      return `cannot connect to ${where}: ${e.message || String(code ?? err)}`;
  }
}

/**
 * Connects once and asks the server a question, so that a wrong URL, an
 * unreachable server or a refused sign-in stops start-up with one line naming
 * DATABASE_URL instead of failing on the first request.
 */
export async function checkDatabaseReachable(config: PostgresConfig): Promise<void> {
  if (!config.DATABASE_URL) return;
  const url = config.DATABASE_URL;
  const client = new pg.Client(clientConfig({ ...config, DATABASE_URL: url }));
  // A connection that dies after the check must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new ConfigError(`Invalid configuration: DATABASE_URL: ${connectionFailure(url, err)}`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => {});
  }
}
