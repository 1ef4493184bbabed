import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Store } from '../store';
import { COPY_USAGE, runCopy } from './dbCopy';
import { UserError } from '../cog/userError';

export const DB_USAGE = `Usage: npm run db -- <command> [arguments]

  backup <file>    a consistent copy of the SQLite store (DATA_DIR/emgen.sqlite), taken
                   while the server runs; blobs (DATA_DIR/blobs) are copied separately
${COPY_USAGE}
`;

export interface DbCommandDeps {
  config: Config;
  /** The configured store, opened only by the commands that work on it. */
  openStore(): Promise<Store>;
}

async function backup(args: string[], deps: DbCommandDeps, io: { out(line: string): void }) {
  const file = args[0];
  if (!file) throw new UserError('A file to write the backup to is required.');
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new UserError(`${target} exists; choose a new file.`);
  if (!fs.existsSync(path.dirname(target)))
    throw new UserError(`No directory ${path.dirname(target)}.`);
  const store = await deps.openStore();
  try {
    await store.backup(target);
  } catch (err) {
    throw new UserError(err instanceof Error ? err.message : String(err));
  } finally {
    await store.close();
  }
  io.out(`Backed up to ${target} (${fs.statSync(target).size} bytes).`);
}

/**
 * Runs one store command and returns its exit code; throws UserError with a
 * clear message on bad input (exit code 2, nothing written).
 */
export async function runDbCommand(
  argv: string[],
  deps: DbCommandDeps,
  io: { out(line: string): void; err(line: string): void },
): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === '-h') {
    io.out(DB_USAGE);
    return 0;
  }
  if (command === 'backup') {
    await backup(args, deps, io);
    return 0;
  }
  if (command === 'copy') return runCopy(args, deps.config, io);
  throw new UserError(`Unknown command "${command}".`);
}
