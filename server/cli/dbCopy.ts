import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { copySqliteToPostgres, CopyError, type CopyResult } from '../store/copy';
import { SQLITE_FILE } from '../store/db';
import { shownTarget } from '../store/postgres';
import { UserError } from '../cog/userError';

export const COPY_USAGE = `  copy --from sqlite:<DATA_DIR> --to <postgres URL> [--force]
                   move an installation from SQLite to an empty PostgreSQL database: every
                   row with its ids, in one transaction, then row counts and checksums of
                   both sides compared; --force empties a target that holds rows first.
                   DATABASE_SSL and DATABASE_STATEMENT_TIMEOUT_MS apply to --to. Blobs stay
                   where they are: start the new server with the same DATA_DIR and
                   BLOB_STORE, BLOB_DIR or S3_* settings`;

/** The scheme a --from or --to value starts with, for messages (never the rest: it may hold a password). */
function schemeOf(value: string): string {
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return m ? `"${m[1]}:"` : 'none';
}

function sqliteDataDir(from: string): string {
  if (!from.toLowerCase().startsWith('sqlite:'))
    throw new UserError(
      `Unknown scheme in --from (${schemeOf(from)}): give sqlite:<DATA_DIR>, e.g. --from sqlite:./data.`,
    );
  const dir = from.slice('sqlite:'.length);
  if (!dir) throw new UserError('--from sqlite: needs the DATA_DIR after it, e.g. sqlite:./data.');
  return path.resolve(dir);
}

function postgresUrl(to: string): string {
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    throw new UserError(
      `Unknown scheme in --to (${schemeOf(to)}): give a postgres:// URL, e.g. --to postgres://emgen:secret@db.example.org:5432/emgen.`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new UserError(
      `Unknown scheme in --to ("${url.protocol}"): give a postgres:// URL, e.g. --to postgres://emgen:secret@db.example.org:5432/emgen.`,
    );
  const ssl = [...url.searchParams.keys()].filter((k) => k.startsWith('ssl'));
  if (ssl.length > 0)
    throw new UserError(
      `--to must not set ${ssl.join(', ')}: use DATABASE_SSL (disable, require or verify-full).`,
    );
  return to;
}

function parseCopyArgs(args: string[]): { dataDir: string; url: string; force: boolean } {
  let values: { from?: string; to?: string; force?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        force: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UserError(err instanceof Error ? err.message : String(err));
  }
  if (!values.from)
    throw new UserError('--from is required: the SQLite store to copy, e.g. --from sqlite:./data.');
  if (!values.to)
    throw new UserError(
      '--to is required: the empty PostgreSQL database to copy into, e.g. --to "$DATABASE_URL".',
    );
  return {
    dataDir: sqliteDataDir(values.from),
    url: postgresUrl(values.to),
    force: values.force ?? false,
  };
}

const short = (checksum: string) => checksum.slice(0, 16);

/** The per-table report: counts and checksums of both stores side by side. */
export function copyReport(result: CopyResult): string[] {
  const header = [
    'table',
    'rows SQLite',
    'rows PostgreSQL',
    'checksum SQLite',
    'checksum PostgreSQL',
    '',
  ];
  const rows = result.tables.map((t) => [
    t.table,
    String(t.source.rows),
    String(t.target.rows),
    short(t.source.checksum),
    short(t.target.checksum),
    t.same ? 'same' : 'DIFFERENT',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** npm run db -- copy …: returns the exit code (0 copied and equal, 1 not committed). */
export async function runCopy(
  args: string[],
  config: Config,
  io: { out(line: string): void; err(line: string): void },
): Promise<number> {
  const { dataDir, url, force } = parseCopyArgs(args);
  let result: CopyResult;
  try {
    result = await copySqliteToPostgres({
      dataDir,
      target: { ...config, DATABASE_URL: url },
      force,
      onCopied: (table, rows) => io.out(`Copied ${table}: ${rows} row${rows === 1 ? '' : 's'}`),
    });
  } catch (err) {
    if (!(err instanceof CopyError)) throw err;
    if (err.reason === 'input') throw new UserError(err.message);
    io.err(err.message);
    io.err('No rows were committed to the target.');
    return 1;
  }
  if (result.emptied.length > 0)
    io.out(`--force: the target's rows in ${result.emptied.join(', ')} were replaced.`);
  for (const line of copyReport(result)) io.out(line);
  const differing = result.tables.filter((t) => !t.same);
  if (differing.length > 0) {
    for (const t of differing)
      io.err(
        `Table ${t.table} differs: ${t.source.rows} rows (checksum ${short(t.source.checksum)}) on SQLite, ${t.target.rows} rows (checksum ${short(t.target.checksum)}) on PostgreSQL.`,
      );
    io.err('No rows were committed to the target.');
    return 1;
  }
  const total = result.tables.reduce((n, t) => n + t.source.rows, 0);
  io.out(
    `Every table matches: ${result.tables.length} tables, ${total} rows copied from ${path.join(dataDir, SQLITE_FILE)} to PostgreSQL at ${shownTarget(url)} and committed.`,
  );
  io.out(
    `Identity sequences continue after the copied ids: ${result.sequences.map((s) => `${s.table}.${s.column} at ${s.next}`).join(', ')}.`,
  );
  io.out(
    `Blobs were not copied: uploaded files stay where they are (${path.join(dataDir, 'blobs')}, unless BLOB_DIR or BLOB_STORE=s3 is set). Start the server with DATA_DIR=${dataDir}, the same blob settings, and DATABASE_URL set to the target.`,
  );
  return 0;
}
