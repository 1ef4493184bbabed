import fs from 'node:fs';
import path from 'node:path';
import { sql, type ControlledTransaction, type RawBuilder } from 'kysely';
import { openDb, SQLITE_FILE, type Db } from '../db';
import { sqliteQueries } from '../kysely';
import { openPostgres, reachabilityProblem, type PostgresConfig } from '../postgres';
import { compareTables, TableChecksum, type TableComparison } from './checksum';
import { CopyError } from './errors';
import { keysetPages, MAX_PAGE_ROWS, type AnyTables, type Loose } from './pages';
import { planCopy, ROWID, type TablePlan } from './plan';
import { COPIED_TABLES, DERIVED_TABLES } from './tables';

export { CopyError } from './errors';
export type { TableComparison } from './checksum';

export interface CopyOptions {
  /** The DATA_DIR holding the SQLite store (emgen.sqlite). */
  dataDir: string;
  /** The PostgreSQL database to copy into, with the pool, TLS and statement timeout settings. */
  target: PostgresConfig & { DATABASE_URL: string };
  /** Empty a target that holds rows first (in the same transaction) instead of refusing it. */
  force: boolean;
  /** Hears each table once it is copied (progress on a long copy). */
  onCopied?(table: string, rows: number): void;
}

export interface CopyResult {
  /** Every table on both stores: row counts and checksums. */
  tables: TableComparison[];
  /** True when every table matched and the copy was committed; else the target is as it was. */
  committed: boolean;
  /** Each identity column and the next value it now hands out. */
  sequences: { table: string; column: string; next: number }[];
  /** The tables that held rows and --force emptied first. */
  emptied: string[];
}

/** Where SQLite's rowid is read, as the page key and for PostgreSQL's `rowid` columns. */
const PAGE_KEY = 'copy_rowid_';
/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 65_535;

/** Copies one table's rows page by page, returning their checksum as read from SQLite. */
async function copyTable(src: Loose, dst: Loose, plan: TablePlan): Promise<TableChecksum> {
  const checksum = new TableChecksum(plan.name, plan.columns);
  const select: Record<string, RawBuilder<unknown>> = { [PAGE_KEY]: sql`rowid` };
  for (const c of plan.columns) select[c] = c === ROWID ? sql`rowid` : sql.ref(c);
  const perInsert = Math.min(MAX_PAGE_ROWS, Math.floor(MAX_PARAMETERS / plan.columns.length));
  for await (const page of keysetPages(src, { table: plan.name, select, key: [PAGE_KEY] })) {
    const rows = page.map(({ [PAGE_KEY]: _rowid, ...row }) => row);
    for (const row of rows) checksum.add(row);
    for (let i = 0; i < rows.length; i += perInsert)
      await dst
        .insertInto(plan.name)
        .values(rows.slice(i, i + perInsert))
        .execute();
  }
  return checksum;
}

/** The checksum of a table as the target holds it, read by primary key. */
async function targetChecksum(dst: Loose, plan: TablePlan): Promise<TableChecksum> {
  const checksum = new TableChecksum(plan.name, plan.columns);
  const select = Object.fromEntries(plan.columns.map((c) => [c, sql.ref(c)]));
  for await (const page of keysetPages(dst, { table: plan.name, select, key: plan.key }))
    for (const row of page) checksum.add(row);
  return checksum;
}

/**
 * Sets every identity sequence (ids, seqs, the rowid columns) past the
 * copied values, and past SQLite's AUTOINCREMENT high-water mark
 * (sqlite_sequence) so an id SQLite had handed out is not handed out again.
 */
async function moveSequences(src: Loose, dst: Loose): Promise<CopyResult['sequences']> {
  const used = new Map(
    (
      await sql<{ name: string; seq: number }>`SELECT name, seq FROM sqlite_sequence`.execute(src)
    ).rows.map((r) => [r.name, Number(r.seq)]),
  );
  const identities = await dst
    .selectFrom('information_schema.columns')
    .select(['table_name', 'column_name'])
    .where('table_schema', '=', sql<string>`current_schema()`)
    .where('is_identity', '=', 'YES')
    .orderBy('table_name')
    .execute();
  const out: CopyResult['sequences'] = [];
  for (const { table_name, column_name } of identities) {
    const table = String(table_name);
    const column = String(column_name);
    const { max } = await dst
      .selectFrom(table)
      .select((eb) => eb.fn.max(sql.ref(column)).as('max'))
      .executeTakeFirstOrThrow();
    const next = Math.max(Number(max ?? 0), used.get(table) ?? 0) + 1;
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), ${next}, false)`.execute(
      dst,
    );
    out.push({ table, column, next });
  }
  return out;
}

/**
 * Refuses a target that holds rows unless `force`, which empties it (in the
 * copy's transaction); returns the tables it emptied.
 */
async function prepareTarget(dst: Loose, force: boolean): Promise<string[]> {
  const filled: string[] = [];
  for (const table of COPIED_TABLES) {
    const row = await dst
      .selectFrom(table)
      .select(sql`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row) filled.push(table);
  }
  if (filled.length === 0) return filled;
  if (!force)
    throw new CopyError(
      `The target database already holds rows (${filled.join(', ')}): copy into an empty database, one no EMgen server has started on (a first start seeds the demo content), or add --force to empty it first.`,
      'input',
    );
  // Every table at once, so no foreign key points outside the truncated set (the derived
  // indexes too: messages_fts points at messages, and is filled again as they arrive).
  const tables = [...COPIED_TABLES, ...DERIVED_TABLES];
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY`.execute(dst);
  return filled;
}

function describe(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
}

/**
 * Copies every table inside one transaction on the target, read from one
 * snapshot of the source; commits only when every table's count and
 * checksum match on both sides.
 */
async function copyBetween(source: Loose, target: Loose, opts: CopyOptions): Promise<CopyResult> {
  const src = await source.startTransaction().execute();
  try {
    const dst: ControlledTransaction<AnyTables> = await target.startTransaction().execute();
    try {
      const plans = await planCopy(src, dst);
      const emptied = await prepareTarget(dst, opts.force);
      const copied: TableChecksum[] = [];
      for (const plan of plans) {
        try {
          copied.push(await copyTable(src, dst, plan));
        } catch (err) {
          if (err instanceof CopyError) throw err;
          throw new CopyError(`Copying table ${plan.name} failed: ${describe(err)}`, 'failed');
        }
        opts.onCopied?.(plan.name, copied.at(-1)!.rows);
      }
      const sequences = await moveSequences(src, dst);
      const tables: TableComparison[] = [];
      for (const [i, plan] of plans.entries())
        tables.push(compareTables(copied[i]!, await targetChecksum(dst, plan)));
      const committed = tables.every((t) => t.same);
      if (committed) await dst.commit().execute();
      else await dst.rollback().execute();
      return { tables, committed, sequences, emptied };
    } catch (err) {
      await dst
        .rollback()
        .execute()
        .catch(() => {});
      if (err instanceof CopyError) throw err;
      throw new CopyError(`The copy failed: ${describe(err)}`, 'failed');
    }
  } finally {
    // The source was only read.
    await src.rollback().execute();
  }
}

function openSource(dataDir: string): Db {
  try {
    return openDb(dataDir);
  } catch (err) {
    throw new CopyError(
      `Cannot open the SQLite store in ${dataDir}: ${describe(err)}`,
      (err as { code?: string }).code === 'SQLITE_NOTADB' ? 'input' : 'failed',
    );
  }
}

/**
 * Moves an installation from its SQLite store to an empty PostgreSQL
 * database: both are migrated to the latest schema first, then every row of
 * every table is copied with its ids, in batches, parents first, in one
 * transaction; the identity sequences are set past the copied ids; and each
 * table's rows are counted and checksummed on both sides. Blobs are files in
 * DATA_DIR/blobs and stay there. Throws CopyError before writing anything
 * when the input is wrong or the target is not empty.
 */
export async function copySqliteToPostgres(opts: CopyOptions): Promise<CopyResult> {
  const file = path.join(opts.dataDir, SQLITE_FILE);
  if (!fs.existsSync(file))
    throw new CopyError(
      `No SQLite store at ${file}: --from names the DATA_DIR that holds ${SQLITE_FILE}.`,
      'input',
    );
  const unreachable = await reachabilityProblem(opts.target);
  if (unreachable) throw new CopyError(`--to: ${unreachable}`, 'input');
  const db = openSource(opts.dataDir);
  const source = sqliteQueries(db) as unknown as Loose;
  try {
    const pg = await openPostgres<AnyTables>(opts.target);
    try {
      return await copyBetween(source, pg.db, opts);
    } finally {
      await pg.close();
    }
  } finally {
    await source.destroy();
    if (db.open) db.close();
  }
}
