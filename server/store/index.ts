import { AnswersUnderWayRepository } from './answersUnderWay';
import { AppTokensRepository } from './appTokens';
import { AuditRepository } from './audit';
import { BlobLeasesRepository } from './blobLeases';
import { sql } from 'kysely';
import { openDb, type Db } from './db';
import { MIGRATION_LOCK_KEY, openPostgres, type PostgresConfig } from './postgres';
import type { Database } from './schema';
import { StoreUnavailableError } from './storeErrors';
import { withTimeout } from '../cog/timeout';
export { StoreUnavailableError } from './storeErrors';
import { ConsoleRepository, type ConsoleShared } from './consoleLog';
import { DrivesRepository } from './drives';
import { ExpertsRepository } from './experts';
import { FlowStatesRepository } from './flowStates';
import { sqliteQueries, type Queries } from './kysely';
import { McpProvidersRepository } from './mcpProviders';
import { MetaRepository } from './meta';
import { OidcPendingRepository } from './oidcPending';
import { PeopleRepository } from './people';
import { SemanticRowsRepository } from './semanticRows';
import { SessionsRepository } from './sessions';
import { SupportLogsRepository } from './supportLogs';
import { TranscriptsRepository } from './transcripts';
import { UsersRepository } from './users';
import { UserSettingsRepository } from './userSettings';
import { WorldsRepository } from './worlds';
import { WorkspaceFilesRepository } from './workspaceFiles';
import { WorkspacesRepository } from './workspaces';

/** The repositories, each over the same database (or the same transaction). */
export interface Repositories {
  users: UsersRepository;
  userSettings: UserSettingsRepository;
  worlds: WorldsRepository;
  sessions: SessionsRepository;
  console: ConsoleRepository;
  experts: ExpertsRepository;
  meta: MetaRepository;
  workspaces: WorkspacesRepository;
  transcripts: TranscriptsRepository;
  appTokens: AppTokensRepository;
  supportLogs: SupportLogsRepository;
  drives: DrivesRepository;
  workspaceFiles: WorkspaceFilesRepository;
  semanticRows: SemanticRowsRepository;
  blobLeases: BlobLeasesRepository;
  flowStates: FlowStatesRepository;
  oidcPending: OidcPendingRepository;
  answersUnderWay: AnswersUnderWayRepository;
  people: PeopleRepository;
  audit: AuditRepository;
  mcpProviders: McpProvidersRepository;
}

/** Every repository over one database; handlers see these, never SQL. */
export interface Store extends Repositories {
  /** Which database answers: the embedded SQLite file or a PostgreSQL server. */
  dialect: 'sqlite' | 'postgres';
  /**
   * Runs `work` in one transaction: every repository of `tx` writes inside it;
   * it commits when `work` resolves and rolls back when it throws.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * A transaction that no other process runs at the same time (first-start
   * seeding): PostgreSQL takes the migration advisory lock, SQLite its write
   * lock, before `work` reads anything.
   */
  exclusive<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * A consistent copy of an embedded store written to `file` while it runs
   * (SQLite's online backup); a PostgreSQL store is backed up with its own tools.
   */
  backup(file: string): Promise<void>;
  /**
   * Asks the database a trivial question (readiness checks): resolves when it
   * answers within `timeoutMs`, else rejects, with StoreUnavailableError when
   * it cannot be reached or is too slow. Pings asked while one is under way
   * share it, so a slow database is not sent a pile of them.
   */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function repositories(
  queries: Queries,
  sessionTtlMs: number,
  consoleShared: ConsoleShared,
): Repositories {
  return {
    users: new UsersRepository(queries),
    userSettings: new UserSettingsRepository(queries),
    worlds: new WorldsRepository(queries),
    sessions: new SessionsRepository(queries, sessionTtlMs),
    console: new ConsoleRepository(queries, undefined, consoleShared),
    experts: new ExpertsRepository(queries),
    meta: new MetaRepository(queries),
    workspaces: new WorkspacesRepository(queries),
    transcripts: new TranscriptsRepository(queries),
    appTokens: new AppTokensRepository(queries),
    supportLogs: new SupportLogsRepository(queries),
    drives: new DrivesRepository(queries),
    workspaceFiles: new WorkspaceFilesRepository(queries),
    semanticRows: new SemanticRowsRepository(queries),
    blobLeases: new BlobLeasesRepository(queries),
    flowStates: new FlowStatesRepository(queries),
    oidcPending: new OidcPendingRepository(queries),
    answersUnderWay: new AnswersUnderWayRepository(queries),
    people: new PeopleRepository(queries),
    audit: new AuditRepository(queries),
    mcpProviders: new McpProvidersRepository(queries),
  };
}

/**
 * Held until the transaction ends. SQLite: a first write takes the database's
 * write lock (another process waits for it, busy_timeout); PostgreSQL: the
 * advisory lock migrations also take.
 */
async function takeExclusiveLock(trx: Queries, dialect: Store['dialect']): Promise<void> {
  if (dialect === 'postgres') {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    return;
  }
  await trx
    .insertInto('meta')
    .values({ key: 'exclusive_lock', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: new Date().toISOString() }))
    .execute();
}

/** The store over a query layer: its repositories, transactions and how it closes. */
function storeOver(
  queries: Queries,
  sessionTtlMs: number,
  parts: { dialect: Store['dialect']; db?: Db; close(): Promise<void> },
): Store {
  const consoleShared: ConsoleShared = { count: 0, inFlight: new Set() };
  let pinging: Promise<void> | undefined;
  return {
    dialect: parts.dialect,
    ...repositories(queries, sessionTtlMs, consoleShared),
    transaction: (work) =>
      queries.transaction().execute((trx) => work(repositories(trx, sessionTtlMs, consoleShared))),
    exclusive: (work) =>
      queries.transaction().execute(async (trx) => {
        await takeExclusiveLock(trx, parts.dialect);
        return work(repositories(trx, sessionTtlMs, consoleShared));
      }),
    backup: async (file) => {
      if (!parts.db)
        throw new Error(
          'This store is PostgreSQL: back it up with pg_dump -Fc -f emgen.dump "$DATABASE_URL"',
        );
      await parts.db.backup(file);
    },
    ping: (timeoutMs) => {
      pinging ??= sql`SELECT 1`
        .execute(queries)
        .then(() => undefined)
        .finally(() => (pinging = undefined));
      return withTimeout(
        pinging,
        timeoutMs,
        () => new StoreUnavailableError(`The database did not answer within ${timeoutMs / 1000} s`),
      );
    },
    close: async () => {
      // Console entries written without waiting land before the connection goes.
      await Promise.all(consoleShared.inFlight);
      await parts.close();
    },
  };
}

/** The embedded store: SQLite in `dataDir`, migrated on open. */
export function openStore(dataDir: string, opts: { sessionTtlMs: number }): Store {
  const db = openDb(dataDir);
  const queries = sqliteQueries(db);
  return storeOver(queries, opts.sessionTtlMs, {
    dialect: 'sqlite',
    db,
    close: async () => {
      await queries.destroy(); // closes the handle, if Kysely has used it yet
      if (db.open) db.close();
    },
  });
}

/**
 * The store the configuration names: PostgreSQL when DATABASE_URL is set
 * (reachable, migrated under its lock, or start-up stops with one line),
 * else SQLite in DATA_DIR.
 */
export async function openConfiguredStore(
  config: PostgresConfig & { DATA_DIR: string },
  opts: { sessionTtlMs: number; log?: (err: Error) => void },
): Promise<Store> {
  if (!config.DATABASE_URL) return openStore(config.DATA_DIR, opts);
  const pg = await openPostgres<Database>(config, { onIdleError: opts.log });
  return storeOver(pg.db, opts.sessionTtlMs, { dialect: 'postgres', close: pg.close });
}
