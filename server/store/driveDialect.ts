import { sql, SqliteAdapter, type Expression, type OperandExpression, type SqlBool } from 'kysely';
import type { FileRow } from './driveRows';
import { inTransaction, type Queries } from './kysely';

/** Free text to find in a drive: its words, all or any of them, the last one maybe a prefix. */
export interface TextQuery {
  words: string[];
  mode: 'and' | 'or';
  /** The last word is a prefix (a word still being typed). */
  prefix?: boolean;
}

export interface TextHit {
  row: FileRow;
  /** Lower is better (SQLite's bm25). */
  rank: number;
  /** The passage around the match, the matched words marked «like this». */
  snippet: string;
}

/** What one file's searchable row holds: its metadata at once, its body once extracted. */
export interface TextRow {
  fileId: number;
  path: string;
  name: string;
  description: string;
  tags: string;
  body: string;
}

/**
 * The drive queries that differ per dialect: the full-text index (FTS5 on
 * SQLite; tsvector + GIN on PostgreSQL) and case-insensitive tag
 * substrings. Each function takes the query layer it runs on (the store or
 * a transaction).
 */
export interface DriveDialect {
  /** Adds the searchable rows of files that have none yet. */
  putText(q: Queries, rows: TextRow[]): Promise<void>;
  setBody(q: Queries, fileId: number, body: string): Promise<void>;
  removeText(q: Queries, fileId: number): Promise<void>;
  /** Changes the searchable metadata of a file that was moved or retagged (its body stays). */
  updateMeta(
    q: Queries,
    fileId: number,
    meta: Partial<Pick<TextRow, 'path' | 'name' | 'tags'>>,
  ): Promise<void>;
  bodyOf(q: Queries, fileId: number): Promise<string | undefined>;
  /**
   * Matches in one drive, best first, among the files `only` selects (ids);
   * a page of hits and how many there are in all.
   */
  searchText(
    q: Queries,
    driveId: string,
    query: TextQuery,
    opts: { only?: OperandExpression<number>; offset: number; limit: number },
  ): Promise<{ hits: TextHit[]; total: number }>;
  /** drive_file_tags.tag contains `term`, ignoring case. */
  tagContains(term: string): Expression<SqlBool>;
  /**
   * Takes the files' rows for the rest of the transaction, before anything
   * that hangs on them: every writer of a file takes its row first (the
   * indexer, uploads, moves, tag edits), and a transaction that takes the
   * full-text or tag rows first deadlocks with them on PostgreSQL; so does
   * one that changes several files one after another (each also bumps its
   * drive's listing revision) without taking them all first. They are taken
   * in id order. SQLite's writer holds the whole database already.
   */
  lockFiles(q: Queries, ids: number[]): Promise<void>;
}

/**
 * An FTS5 query for free text: every word quoted, so no FTS syntax gets
 * through. `prefix` makes the last word a prefix; callers only try it when
 * the exact words find nothing, as prefix scans are slow.
 */
export function ftsQuery(words: string[], mode: 'and' | 'or', prefix = false): string {
  const quoted = words.map((w, i) => `"${w}"${prefix && i === words.length - 1 ? '*' : ''}`);
  return quoted.join(mode === 'and' ? ' ' : ' OR ');
}

/** The FTS5 table of migration 5 (a virtual table, so not in the shared schema types). */
type Fts5Tables = {
  drive_fts: {
    rowid: number;
    path: string;
    name: string;
    description: string;
    tags: string;
    body: string;
  };
};

const fts = (q: Queries) => q.withTables<Fts5Tables>();

/** The `\` escapes of a LIKE pattern that matches `text` literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A row of either dialect's search: the file, or nulls when the page is past the last match. */
type FoundRow = FileRow & {
  total_: number | string;
  rank_: number | null;
  snippet_: string | null;
};

/** The hits of a search's rows and the count every row carries. */
function pageOfHits(rows: FoundRow[]): { hits: TextHit[]; total: number } {
  return {
    total: Number(rows[0]?.total_ ?? 0),
    hits: rows
      .filter((r) => r.id !== null)
      .map(({ total_: _total, rank_, snippet_, ...row }) => ({
        row: row as FileRow,
        rank: Number(rank_),
        snippet: (snippet_ ?? '').replace(/\s+/g, ' ').trim(),
      })),
  };
}

export const sqliteDrives: DriveDialect = {
  async putText(q, rows) {
    if (rows.length === 0) return;
    await fts(q)
      .insertInto('drive_fts')
      .values(
        rows.map((row) => ({
          rowid: row.fileId,
          path: row.path,
          name: row.name,
          description: row.description,
          tags: row.tags,
          body: row.body,
        })),
      )
      .execute();
  },

  async setBody(q, fileId, body) {
    await fts(q).updateTable('drive_fts').set({ body }).where('rowid', '=', fileId).execute();
  },

  async removeText(q, fileId) {
    await fts(q).deleteFrom('drive_fts').where('rowid', '=', fileId).execute();
  },

  async updateMeta(q, fileId, meta) {
    if (Object.keys(meta).length === 0) return;
    await fts(q).updateTable('drive_fts').set(meta).where('rowid', '=', fileId).execute();
  },

  async bodyOf(q, fileId) {
    const row = await fts(q)
      .selectFrom('drive_fts')
      .select('body')
      .where('rowid', '=', fileId)
      .executeTakeFirst();
    return row?.body;
  },

  async searchText(q, driveId, query, opts) {
    const match = ftsQuery(query.words, query.mode, query.prefix);
    const only = opts.only ? sql`AND f.id IN (${opts.only})` : sql``;
    // One pass over the matches ranks and counts them, keeping only (id, rank): the
    // page's rows are then read whole and given a snippet (a common word matches most
    // of a drive, and sorting whole rows, or counting in a pass of its own, doubled
    // the time). CROSS JOIN keeps the page as the outer loop (SQLite's planner would
    // otherwise scan every match again and look each up in the page). Column weights
    // for bm25: path, name, description, tags, body. The LEFT JOIN answers the count
    // even when the page is past the last match. Each match's drive is read from the
    // narrow index of migration 29, named as the planner would take the wide table.
    const found = await sql<FoundRow>`
      WITH hits AS MATERIALIZED (
        SELECT drive_fts.rowid AS id, bm25(drive_fts, 3.0, 6.0, 2.0, 4.0, 1.0) AS rank_
          FROM drive_fts
          JOIN drive_files f INDEXED BY drive_files_drive_of ON f.id = drive_fts.rowid
         WHERE drive_fts MATCH ${match} AND f.drive_id = ${driveId} ${only}
      ),
      page AS (
        SELECT id, rank_ FROM hits ORDER BY rank_, id LIMIT ${opts.limit} OFFSET ${opts.offset}
      )
      SELECT total.n AS total_, found.*
        FROM (SELECT count(*) AS n FROM hits) total
        LEFT JOIN (
          SELECT f.*, page.rank_ AS rank_,
                 snippet(drive_fts, -1, '«', '»', '…', 16) AS snippet_
            FROM page
            CROSS JOIN drive_fts ON drive_fts.rowid = page.id
            CROSS JOIN drive_files f ON f.id = page.id
           WHERE drive_fts MATCH ${match}
        ) found ON 1
       ORDER BY found.rank_, found.id`.execute(q);
    return pageOfHits(found.rows);
  },

  // SQLite's LIKE ignores ASCII case; its escape character must be named.
  tagContains: (term) =>
    sql<SqlBool>`${sql.ref('drive_file_tags.tag')} LIKE ${`%${likeEscape(term)}%`} ESCAPE '\\'`,

  async lockFiles() {},
};

/** File rows locked by one statement (a folder holds up to 10,000). */
const LOCK_CHUNK = 1000;

/**
 * PostgreSQL: drive_fts is a table with the same columns plus a GIN-indexed
 * tsvector `document`, its length and the file's `drive_id`, all kept by a
 * trigger (migrations/postgresSearch.ts), so writing and reading rows are
 * SQLite's statements. Search is the query given (and tested against FTS5)
 * in the notes there: the words go in as one text[] parameter, -ts_rank keeps "lower is better", ts_headline marks «matches»
 * like snippet(). tag is CITEXT there, so LIKE ignores case as on SQLite.
 */
export const postgresDrives: DriveDialect = {
  putText: sqliteDrives.putText,
  setBody: sqliteDrives.setBody,
  removeText: sqliteDrives.removeText,
  updateMeta: sqliteDrives.updateMeta,
  bodyOf: sqliteDrives.bodyOf,

  async searchText(q, driveId, query, opts) {
    const anyWord = query.mode === 'or';
    const prefix = query.prefix ?? false;
    const searched = sql`emgen_search_query(${query.words}::text[], ${anyWord}, ${prefix})`;
    const only = opts.only ? sql`AND d.rowid IN (${opts.only})` : sql``;
    // One pass over the matches ranks and counts them; only the page's rows
    // are then read whole and given a headline. The LEFT JOIN answers the
    // count even when the page is past the last match.
    //
    // The matches are always found through the GIN index, never by reading
    // the whole table: for a word in a quarter or more of a drive's files the
    // planner costs the two plans within 1% of each other (it charges `@@`
    // one operator call a row, where each call reads a whole document, some
    // from TOAST) and took the sequential scan for 5 of the bench's 200
    // queries, each then 1.5 to 2 times as slow as through the index.
    // The setting holds for this statement's transaction only.
    return inTransaction(q, async (tx) => {
      const { rows } = await sql<{ was: string }>`
        SELECT current_setting('enable_seqscan') AS was,
               set_config('enable_seqscan', 'off', true)`.execute(tx);
      const found = await sql<FoundRow>`
        WITH hits AS MATERIALIZED (
          SELECT d.rowid, -emgen_search_rank(d.document, q.query, d.document_length) AS rank_
            FROM drive_fts d, ${searched} AS q(query)
           WHERE d.document @@ q.query AND d.drive_id = ${driveId} ${only}
        )
        SELECT total.n AS total_, page.*
          FROM (SELECT count(*) AS n FROM hits) total
          LEFT JOIN LATERAL (
            SELECT f.*, h.rank_,
                   ts_headline('emgen_search',
                               left(coalesce(nullif(d.body, ''), d.description, d.name), 100000),
                               q.query, 'StartSel=«, StopSel=», MaxWords=16, MinWords=6,
                               ShortWord=0, MaxFragments=1, FragmentDelimiter=…') AS snippet_
              FROM (SELECT rowid, rank_ FROM hits
                     ORDER BY rank_, rowid LIMIT ${opts.limit} OFFSET ${opts.offset}) h
              JOIN drive_files f ON f.id = h.rowid
              JOIN drive_fts d ON d.rowid = h.rowid,
              ${searched} AS q(query)
          ) page ON true
         ORDER BY page.rank_, page.id`.execute(tx);
      // Inside the caller's transaction: as it was for its next statements.
      if (q.isTransaction) {
        await sql`SELECT set_config('enable_seqscan', ${rows[0]!.was}, true)`.execute(tx);
      }
      return pageOfHits(found.rows);
    });
  },

  tagContains: sqliteDrives.tagContains,

  async lockFiles(q, ids) {
    // In id order: two transactions locking overlapping files never wait on each other in a ring.
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i += LOCK_CHUNK) {
      await q
        .selectFrom('drive_files')
        .select('id')
        .where('id', 'in', sorted.slice(i, i + LOCK_CHUNK))
        .orderBy('id')
        .forUpdate()
        .execute();
    }
  },
};

/** The drive queries of the dialect `q` speaks. */
export function driveDialectOf(q: Queries): DriveDialect {
  return q.getExecutor().adapter instanceof SqliteAdapter ? sqliteDrives : postgresDrives;
}
