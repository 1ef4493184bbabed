import { openDb, type Db } from './db';
import { ConsoleRepository } from './consoleLog';
import { ExpertsRepository } from './experts';
import { MetaRepository } from './meta';
import { SessionsRepository } from './sessions';
import { TranscriptsRepository } from './transcripts';
import { UsersRepository } from './users';
import { WorldsRepository } from './worlds';
import { WorkspacesRepository } from './workspaces';

/** Every repository over one database; handlers see these, never SQL. */
export interface Store {
  db: Db;
  users: UsersRepository;
  worlds: WorldsRepository;
  sessions: SessionsRepository;
  console: ConsoleRepository;
  experts: ExpertsRepository;
  meta: MetaRepository;
  workspaces: WorkspacesRepository;
  transcripts: TranscriptsRepository;
  close(): void;
}

export function openStore(dataDir: string, opts: { sessionTtlMs: number }): Store {
  const db = openDb(dataDir);
  return {
    db,
    users: new UsersRepository(db),
    worlds: new WorldsRepository(db),
    sessions: new SessionsRepository(db, opts.sessionTtlMs),
    console: new ConsoleRepository(db),
    experts: new ExpertsRepository(db),
    meta: new MetaRepository(db),
    workspaces: new WorkspacesRepository(db),
    transcripts: new TranscriptsRepository(db),
    close: () => db.close(),
  };
}
