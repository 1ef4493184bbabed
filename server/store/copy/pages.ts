import { sql, type Kysely, type RawBuilder } from 'kysely';

export type Row = Record<string, unknown>;
/** Any table of either store, its rows untyped: the copy moves tables it lists at run time. */
export type AnyTables = Record<string, Row>;
export type Loose = Kysely<AnyTables>;

/** A page aims at about this much data, so a table of long bodies is read a few rows at a time. */
const PAGE_BYTES = 4 * 1024 * 1024;
/** The most rows of one page (times 15 columns, far below PostgreSQL's 65,535 parameters). */
export const MAX_PAGE_ROWS = 1000;
/** The first page of a table, before its row size is known. */
const FIRST_PAGE_ROWS = 8;

/** About how many bytes a row holds in memory. */
function rowBytes(row: Row): number {
  let n = 0;
  for (const v of Object.values(row)) {
    if (typeof v === 'string') n += v.length * 2;
    else if (v instanceof Uint8Array) n += v.byteLength;
    else n += 8;
  }
  return n;
}

export interface PageQuery {
  table: string;
  /** Each output column and the expression that reads it. */
  select: Record<string, RawBuilder<unknown>>;
  /** Output columns forming a unique key: the rows' order and where each page starts. */
  key: string[];
}

/**
 * Reads a table a page at a time in key order, each page after the last key
 * seen (keyset paging), so neither store holds the table in memory and each
 * page is an index range. Page sizes follow the rows' size.
 */
export async function* keysetPages(q: Loose, query: PageQuery): AsyncGenerator<Row[]> {
  const keyExprs = query.key.map((k) => {
    const expr = query.select[k];
    if (!expr) throw new Error(`The key column ${k} of ${query.table} is not selected`);
    return expr;
  });
  const columns = Object.entries(query.select).map(([alias, expr]) => expr.as(alias));
  let after: unknown[] | undefined;
  let limit = FIRST_PAGE_ROWS;
  for (;;) {
    const from = after;
    const rows = await q
      .selectFrom(query.table)
      .select(columns)
      .$if(from !== undefined, (qb) =>
        qb.where(
          sql<boolean>`(${sql.join(keyExprs)}) > (${sql.join(from!.map((v) => sql.val(v)))})`,
        ),
      )
      .$call((qb) => keyExprs.reduce((ordered, e) => ordered.orderBy(e), qb))
      .limit(limit)
      .execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < limit) return;
    after = query.key.map((k) => last[k]);
    const bytes = rows.reduce((n, r) => n + rowBytes(r), 0);
    limit = Math.max(
      1,
      Math.min(MAX_PAGE_ROWS, Math.floor((rows.length * PAGE_BYTES) / Math.max(bytes, 1))),
    );
  }
}
