import { sql, type RawBuilder } from 'kysely';
import type { Queries } from './kysely';

/**
 * The order rows were inserted in, for the tables whose lists keep it and
 * that have no column saying so (workspaces on equal created_at, a
 * workspace's experts on equal added_at, its tool providers): SQLite's
 * implicit rowid, and on PostgreSQL the `rowid` identity column its
 * migrations give those tables, of `table` (a name or alias in the query).
 */
export function insertionOrder(_q: Queries, table: string): RawBuilder<number> {
  return sql<number>`${sql.ref(`${table}.rowid`)}`;
}
