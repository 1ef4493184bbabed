import fs from 'node:fs';
import path from 'node:path';
import { UserError as UsageError } from '../cog/userError';
import type { Store } from '../store';

export const DB_USAGE = `Usage: npm run db -- <command> [arguments]

  backup <file>    a consistent copy of the SQLite store (DATA_DIR/emgen.sqlite), taken
                   while the server runs; blobs (DATA_DIR/blobs) are copied separately
`;

/** Runs one store command; throws UsageError with a clear message on bad input. */
export async function runDbCommand(
  argv: string[],
  store: Store,
  io: { out(line: string): void },
): Promise<void> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === '-h') {
    io.out(DB_USAGE);
    return;
  }
  if (command !== 'backup') throw new UsageError(`Unknown command "${command}".`);
  const file = args[0];
  if (!file) throw new UsageError('A file to write the backup to is required.');
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new UsageError(`${target} exists; choose a new file.`);
  if (!fs.existsSync(path.dirname(target)))
    throw new UsageError(`No directory ${path.dirname(target)}.`);
  try {
    await store.backup(target);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  io.out(`Backed up to ${target} (${fs.statSync(target).size} bytes).`);
}
