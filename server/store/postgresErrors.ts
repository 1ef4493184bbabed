import {
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import { StoreUnavailableError } from './storeErrors';

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server that is stopping, crashed, or not yet taking connections. */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
/** How the pg driver words a connection it lost or could not open in time (no code). */
const DRIVER_LOST =
  /^Connection terminated|not queryable|timeout exceeded when trying to connect|connection timeout/i;

/** The error's code; Node reports a host with several addresses (localhost) as an AggregateError. */
export function codeOf(err: unknown): string | undefined {
  const e = err as { code?: string; errors?: unknown[] } | undefined;
  return e?.code ?? e?.errors?.map(codeOf).find(Boolean);
}

/** The error says the connection it came on is gone (the server went away or the socket broke). */
export function connectionLost(err: unknown): boolean {
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : '';
  return (
    (code !== undefined &&
      (NETWORK_CODES.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))) ||
    DRIVER_LOST.test(message)
  );
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * A driver error that means the database is not there or too slow, as a
 * StoreUnavailableError in words for people; any other error (a constraint, a
 * bug) unchanged.
 */
export function storeErrorOf(err: unknown, statementTimeoutMs: number): unknown {
  if (err instanceof StoreUnavailableError) return err;
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : '';
  // 57014 is also a cancel on request; only the time limit is the database being slow.
  if (code === '57014' && /statement timeout/i.test(message)) {
    return new StoreUnavailableError(
      `The database did not answer within ${seconds(statementTimeoutMs)}`,
      { cause: err },
    );
  }
  if (connectionLost(err)) {
    return new StoreUnavailableError(
      'The database cannot be reached right now; try again in a moment',
      { cause: err },
    );
  }
  return err;
}

/**
 * Kysely's PostgreSQL driver with every failure passed through `translate`:
 * a query, acquiring a connection, and the transaction statements alike.
 * The connections it hands out wrap the inner driver's, which gets them back
 * unwrapped (it keeps private state on them). The inner driver is Kysely's
 * PostgresDriver, which has every optional method (savepoints).
 */
class TranslatingDriver implements Driver {
  private readonly inners = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly translate: (err: unknown) => unknown,
  ) {}

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw this.translate(err);
    }
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.inners.get(connection) ?? connection;
  }

  init(): Promise<void> {
    return this.guard(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.guard(() => this.inner.acquireConnection());
    const outer: DatabaseConnection = {
      executeQuery: (query) => this.guard(() => inner.executeQuery(query)),
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    this.inners.set(outer, inner);
    return outer;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(() => this.inner.beginTransaction(this.unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.commitTransaction(this.unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.rollbackTransaction(this.unwrap(connection)));
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.guard(() => this.inner.savepoint!(this.unwrap(connection), name, compile));
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.guard(() =>
      this.inner.rollbackToSavepoint!(this.unwrap(connection), name, compile),
    );
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.guard(() => this.inner.releaseSavepoint!(this.unwrap(connection), name, compile));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * PostgresDialect whose failures that mean "the database is not there" reach
 * the repositories' callers as StoreUnavailableError (see storeErrorOf).
 */
export class TranslatingPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly translate: (err: unknown) => unknown,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new TranslatingDriver(super.createDriver(), this.translate);
  }
}
