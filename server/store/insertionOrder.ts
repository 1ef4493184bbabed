import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Queries } from './kysely';

/**
 * The order rows were inserted in, for the tables whose lists keep it and
 * that have no column saying so (workspaces on equal created_at, a
 * workspace's experts on equal added_at, its tool providers): SQLite's rowid,
 * of `table` (a name or alias in the query).
 *
 * TODO(issue 15, PostgreSQL): PostgreSQL has no rowid and keeps no insertion
 * order. Those tables need a column that does (e.g. a `position` identity
 * column in both dialects' migrations); until then these lists are refused
 * there rather than returned in an order nobody chose.
 */
export function insertionOrder(q: Queries, table: string): RawBuilder<number> {
  if (!(q.getExecutor().adapter instanceof SqliteAdapter))
    throw new Error('Listing in insertion order is not supported on PostgreSQL yet');
  return sql<number>`${sql.ref(`${table}.rowid`)}`;
}
