import { sql } from 'kysely';
import { POSTGRES_ONLY_FTS_COLUMNS } from '../migrations/postgresSearch';
import { CopyError } from './errors';
import type { Loose } from './pages';
import { COPIED_TABLES, DERIVED_TABLES, MIGRATIONS_TABLE, type CopiedTable } from './tables';

/** How one table is copied and compared. */
export interface TablePlan {
  name: CopiedTable;
  /** The target's columns the copy writes and compares, sorted (generated ones excluded). */
  columns: string[];
  /** The target's primary key, in order: how its rows are paged when compared. */
  key: string[];
}

/**
 * PostgreSQL's explicit `rowid` columns stand for SQLite's implicit rowid
 * (migrations/postgres.ts): the copy fills them from it, keeping the
 * insertion order repositories sort by.
 */
export const ROWID = 'rowid';

const inTargetSchema = sql<string>`current_schema()`;

async function sqliteTables(src: Loose): Promise<string[]> {
  // FTS5 keeps its index in "shadow" tables; they are rebuilt, not copied.
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_list
     WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite_%'`.execute(
    src,
  );
  return rows.map((r) => r.name).filter((n) => n !== MIGRATIONS_TABLE);
}

async function sqliteColumns(src: Loose, table: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM pragma_table_info(${table})`.execute(src);
  return rows.map((r) => r.name);
}

async function postgresTables(dst: Loose): Promise<string[]> {
  const rows = await dst
    .selectFrom('information_schema.tables')
    .select('table_name')
    .where('table_schema', '=', inTargetSchema)
    .where('table_type', '=', 'BASE TABLE')
    .execute();
  return rows.map((r) => String(r.table_name)).filter((n) => n !== MIGRATIONS_TABLE);
}

async function postgresColumns(dst: Loose): Promise<Map<string, string[]>> {
  const rows = await dst
    .selectFrom('information_schema.columns')
    .select(['table_name', 'column_name'])
    .where('table_schema', '=', inTargetSchema)
    // A generated column (drive_fts.document) is PostgreSQL's to compute.
    .where('is_generated', '=', 'NEVER')
    .orderBy('table_name')
    .orderBy('ordinal_position')
    .execute();
  return groupBy(rows);
}

async function postgresPrimaryKeys(dst: Loose): Promise<Map<string, string[]>> {
  const rows = await dst
    .selectFrom('information_schema.table_constraints as tc')
    .innerJoin('information_schema.key_column_usage as k', (join) =>
      join
        .onRef('k.constraint_schema', '=', 'tc.constraint_schema')
        .onRef('k.constraint_name', '=', 'tc.constraint_name'),
    )
    .select(['tc.table_name as table_name', 'k.column_name as column_name'])
    .where('tc.table_schema', '=', inTargetSchema)
    .where('tc.constraint_type', '=', 'PRIMARY KEY')
    .orderBy('tc.table_name')
    .orderBy('k.ordinal_position')
    .execute();
  return groupBy(rows);
}

function groupBy(rows: { table_name: unknown; column_name: unknown }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const table = String(r.table_name);
    out.set(table, [...(out.get(table) ?? []), String(r.column_name)]);
  }
  return out;
}

function sameSet(found: string[], where: string): void {
  const known = new Set<string>([...COPIED_TABLES, ...DERIVED_TABLES]);
  const unknown = found.filter((t) => !known.has(t));
  if (unknown.length > 0)
    throw new CopyError(
      `The ${where} has tables the copy does not know (${unknown.join(', ')}); is it from a newer EMgen?`,
      'failed',
    );
  const missing = COPIED_TABLES.filter((t) => !found.includes(t));
  if (missing.length > 0)
    throw new CopyError(`The ${where} lacks tables (${missing.join(', ')}).`, 'failed');
}

/**
 * What to copy, read from both stores after their migrations: the same
 * tables on both, and for each the target's columns, every one of them
 * filled from the source (its rowid where PostgreSQL names it) and every
 * source column given a place, so no value is dropped.
 */
export async function planCopy(src: Loose, dst: Loose): Promise<TablePlan[]> {
  sameSet(await sqliteTables(src), 'SQLite store');
  sameSet(await postgresTables(dst), 'PostgreSQL database');
  const targetColumns = await postgresColumns(dst);
  const keys = await postgresPrimaryKeys(dst);
  const plans: TablePlan[] = [];
  for (const name of COPIED_TABLES) {
    // drive_fts' search columns are filled by PostgreSQL's trigger as each row arrives.
    const target = (targetColumns.get(name) ?? []).filter(
      (c) => name !== 'drive_fts' || !(POSTGRES_ONLY_FTS_COLUMNS as readonly string[]).includes(c),
    );
    const source = await sqliteColumns(src, name);
    const unplaced = source.filter((c) => !target.includes(c));
    const unfilled = target.filter((c) => c !== ROWID && !source.includes(c));
    if (unplaced.length > 0 || unfilled.length > 0)
      throw new CopyError(
        `Table ${name} differs between the stores (only on SQLite: ${unplaced.join(', ') || 'none'}; only on PostgreSQL: ${unfilled.join(', ') || 'none'}).`,
        'failed',
      );
    const key = keys.get(name);
    if (!key) throw new CopyError(`Table ${name} has no primary key on PostgreSQL.`, 'failed');
    plans.push({ name, columns: [...target].sort(), key });
  }
  return plans;
}
