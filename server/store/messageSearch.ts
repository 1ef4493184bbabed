import { sql, SqliteAdapter } from 'kysely';
import { ftsQuery } from './driveDialect';
import type { Queries } from './kysely';

/** A message whose content matches a search, with the passage around the match. */
export interface MessageHit {
  workspace_id: string;
  message_id: string;
  created_at: string;
  /** The passage around the match, the matched words marked «like this» (plain text, not HTML). */
  snippet: string;
}

/** What a search is asked for: its words (already free of syntax), among which workspaces. */
export interface MessageSearch {
  /** Letters, digits, underscore only (the caller splits the query); the last one a prefix. */
  words: string[];
  workspaceIds: string[];
  limit: number;
}

/**
 * Full-text search over messages (migration 21's messages_fts), best match
 * first then newest. The words become a query through ftsQuery (each one
 * quoted on SQLite) or emgen_search_query (a text[] parameter on
 * PostgreSQL), so no input reaches either engine as syntax.
 */
export async function searchMessages(q: Queries, search: MessageSearch): Promise<MessageHit[]> {
  // Words with anything but letters, digits or underscore would be syntax to FTS5: never passed.
  const words = search.words.filter((w) => /^[\p{L}\p{N}_]+$/u.test(w));
  if (words.length === 0 || search.workspaceIds.length === 0) return [];
  const ids = sql.join(search.workspaceIds);
  const rows =
    q.getExecutor().adapter instanceof SqliteAdapter
      ? await sql<MessageHit>`
          SELECT m.workspace_id, m.message_id, m.created_at,
                 snippet(messages_fts, 0, '«', '»', '…', 12) AS snippet
            FROM messages_fts JOIN messages m ON m.seq = messages_fts.rowid
           WHERE messages_fts MATCH ${ftsQuery(words, 'and', true)}
             AND m.workspace_id IN (${ids})
           ORDER BY bm25(messages_fts), m.seq DESC
           LIMIT ${search.limit}`.execute(q)
      : await sql<MessageHit>`
          SELECT m.workspace_id, m.message_id, m.created_at,
                 ts_headline('emgen_search', left(f.body, 100000), qq.query,
                             'StartSel=«, StopSel=», MaxWords=16, MinWords=6,
                              ShortWord=0, MaxFragments=1, FragmentDelimiter=…') AS snippet
            FROM messages_fts f JOIN messages m ON m.seq = f.rowid,
                 emgen_search_query(${words}::text[], false, true) AS qq(query)
           WHERE f.document @@ qq.query AND m.workspace_id IN (${ids})
           ORDER BY ts_rank(f.document, qq.query) DESC, m.seq DESC
           LIMIT ${search.limit}`.execute(q);
  return rows.rows.map((r) => ({ ...r, snippet: r.snippet.replace(/\s+/g, ' ').trim() }));
}
