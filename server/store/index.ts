import { AppTokensRepository } from './appTokens';
import { openDb, type Db } from './db';
import { ConsoleRepository } from './consoleLog';
import { DrivesRepository } from './drives';
import { ExpertsRepository } from './experts';
import { sqliteQueries, type Queries } from './kysely';
import { MetaRepository } from './meta';
import { SemanticRowsRepository } from './semanticRows';
import { SessionsRepository } from './sessions';
import { SupportLogsRepository } from './supportLogs';
import { TranscriptsRepository } from './transcripts';
import { UsersRepository } from './users';
import { WorldsRepository } from './worlds';
import { WorkspaceFilesRepository } from './workspaceFiles';
import { WorkspacesRepository } from './workspaces';

/** The repositories, each over the same database (or the same transaction). */
export interface Repositories {
  users: UsersRepository;
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
}

/** Every repository over one database; handlers see these, never SQL. */
export interface Store extends Repositories {
  /**
   * The better-sqlite3 handle, for the repositories not yet moved behind the
   * async seam (issue 15); it goes once nothing outside server/store uses it.
   */
  db: Db;
  /**
   * Runs `work` in one transaction: every repository of `tx` writes inside it;
   * it commits when `work` resolves and rolls back when it throws.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function repositories(
  queries: Queries,
  sessionTtlMs: number,
  consoleInserts: { count: number },
): Repositories {
  return {
    users: new UsersRepository(queries),
    worlds: new WorldsRepository(queries),
    sessions: new SessionsRepository(queries, sessionTtlMs),
    console: new ConsoleRepository(queries, undefined, consoleInserts),
    experts: new ExpertsRepository(queries),
    meta: new MetaRepository(queries),
    workspaces: new WorkspacesRepository(queries),
    transcripts: new TranscriptsRepository(queries),
    appTokens: new AppTokensRepository(queries),
    supportLogs: new SupportLogsRepository(queries),
    drives: new DrivesRepository(queries),
    workspaceFiles: new WorkspaceFilesRepository(queries),
    semanticRows: new SemanticRowsRepository(queries),
  };
}

export function openStore(dataDir: string, opts: { sessionTtlMs: number }): Store {
  const db = openDb(dataDir);
  const queries = sqliteQueries(db);
  const consoleInserts = { count: 0 };
  return {
    db,
    ...repositories(queries, opts.sessionTtlMs, consoleInserts),
    transaction: (work) =>
      queries
        .transaction()
        .execute((trx) => work(repositories(trx, opts.sessionTtlMs, consoleInserts))),
    close: async () => {
      await queries.destroy(); // closes the handle, if Kysely has used it yet
      if (db.open) db.close();
    },
  };
}
