import type { Migration } from './types';

/**
 * drive_fts's columns that only PostgreSQL has, all computed by its trigger
 * on insert from the columns both stores share: a copy from SQLite or a
 * comparison of the two schemas leaves them out.
 */
export const POSTGRES_ONLY_FTS_COLUMNS = ['drive_id', 'document_length', 'document'] as const;

/** Migration 11 of postgres.ts: the full-text table rebuilt for search's one read. */
export const searchRebuild: Migration = {
  id: 11,
  name: 'full-text search on PostgreSQL: porter stemming as FTS5, the drive beside each document, documents kept in the row',
  // Search ranks every match, so it reads the tsvector of each: a common
  // word in a drive of 100,000 files has 20,000 of them. The table of
  // migration 5 made each read dear: the drive was only in drive_files
  // (every match was joined to it before ranking); a document past 2 kB
  // went to the TOAST table (an index lookup and chunks per match), and a
  // row past 2 kB moved its short columns there too; and ts_rank's length
  // normalisation counted every word of every match again. The table is
  // rebuilt for the read search does:
  // - the drive beside the document (PLAIN: never out of the row), filled
  //   from drive_files on insert (a file never changes drive);
  // - the document's length (the number of words ts_rank's normalisation 1
  //   counts) kept beside it, see emgen_search_rank;
  // - rowid, drive_id, document_length and document first, so a match is
  //   read without stepping over the other columns;
  // - the row kept short (toast_tuple_target 128): the body, read only for
  //   the page's snippets, goes out of line (compressed); the document and
  //   the short columns stay in (MAIN: out of line only if the row cannot
  //   fit a page at all).
  // A trigger computes the document and its length (once; a generated
  // column could not give the length without computing the document twice).
  // Words are stemmed by Snowball's porter, the algorithm of FTS5's porter
  // tokenizer (migration 5's english stems 3% of words otherwise: "fairly"
  // as "fair", where FTS5 keeps "fairli" apart), so every document is
  // recomputed: on a large store that takes longer than a request may, so
  // no statement timeout for the rest of the migrations.
  sql: `
    SET LOCAL statement_timeout = 0;
    CREATE TEXT SEARCH DICTIONARY emgen_porter_stem (TEMPLATE = snowball, Language = porter);
    ALTER TEXT SEARCH CONFIGURATION emgen_search
      ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH emgen_porter_stem;
    ALTER TEXT SEARCH CONFIGURATION emgen_search
      ALTER MAPPING FOR word, hword, hword_part WITH unaccent, emgen_porter_stem;

    -- What ts_rank's normalisation 1 divides by: every position of every
    -- lexeme, a lexeme without positions counting once.
    CREATE FUNCTION emgen_search_length(document tsvector) RETURNS integer
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::integer
              FROM unnest(document) $$;
    -- ts_rank('{0.17, 0.42, 0.67, 1.0}', document, query, 1), to the bit,
    -- with the length read instead of counted: ts_rank divides its float4
    -- result by log2(length + 1) in double precision and rounds it back.
    -- Plain SQL, so the planner inlines it.
    CREATE FUNCTION emgen_search_rank(document tsvector, query tsquery, n_words integer)
      RETURNS real
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (ts_rank('{0.17, 0.42, 0.67, 1.0}', document, query, 0)::float8
                    / CASE WHEN n_words > 0 THEN ln(n_words + 1) / ln(2) ELSE 1 END)::real $$;

    CREATE TABLE drive_fts_rebuilt (
      rowid BIGINT NOT NULL,
      drive_id TEXT NOT NULL,
      document_length INTEGER NOT NULL,
      document tsvector NOT NULL,
      path TEXT,
      name TEXT,
      description TEXT,
      tags TEXT,
      body TEXT
    ) WITH (toast_tuple_target = 128);
    ALTER TABLE drive_fts_rebuilt
      ALTER COLUMN drive_id SET STORAGE PLAIN,
      ALTER COLUMN document SET STORAGE MAIN,
      ALTER COLUMN path SET STORAGE MAIN,
      ALTER COLUMN name SET STORAGE MAIN,
      ALTER COLUMN description SET STORAGE MAIN,
      ALTER COLUMN tags SET STORAGE MAIN;
    CREATE FUNCTION emgen_fts_row() RETURNS trigger
      LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT f.drive_id INTO NEW.drive_id FROM drive_files f WHERE f.id = NEW.rowid;
        END IF;
        NEW.document := emgen_search_document(NEW.path, NEW.name, NEW.description,
                                              NEW.tags, NEW.body);
        NEW.document_length := emgen_search_length(NEW.document);
        RETURN NEW;
      END
      $$;
    CREATE TRIGGER drive_fts_row
      BEFORE INSERT OR UPDATE OF path, name, description, tags, body ON drive_fts_rebuilt
      FOR EACH ROW EXECUTE FUNCTION emgen_fts_row();
    INSERT INTO drive_fts_rebuilt (rowid, path, name, description, tags, body)
      SELECT rowid, path, name, description, tags, body FROM drive_fts;
    DROP TABLE drive_fts;
    ALTER TABLE drive_fts_rebuilt RENAME TO drive_fts;
    ALTER TABLE drive_fts
      ADD CONSTRAINT drive_fts_pkey PRIMARY KEY (rowid),
      ADD CONSTRAINT drive_fts_rowid_fkey
        FOREIGN KEY (rowid) REFERENCES drive_files(id) ON DELETE CASCADE;
    CREATE INDEX drive_fts_document ON drive_fts USING gin (document);
    -- One drive's rows among many drives' (the planner ANDs it with the GIN
    -- bitmap when the drive is a small part of the table).
    CREATE INDEX drive_fts_drive ON drive_fts (drive_id);
  `,
};

/*
 * Full-text search on PostgreSQL, the counterpart of DrivesRepository.searchText
 * (FTS5 MATCH, bm25 with column weights path 3, name 6, description 2, tags 4,
 * body 1, snippet(drive_fts, -1, '«', '»', '…', 16)). This exact query is run
 * side by side with FTS5 in tests/server/postgres/search.test.ts:
 *
 *   WITH hits AS MATERIALIZED (
 *     SELECT d.rowid, -emgen_search_rank(d.document, q.query, d.document_length) AS rank_
 *       FROM drive_fts d, emgen_search_query($words, $anyWord, $prefix) AS q(query)
 *      WHERE d.document @@ q.query AND d.drive_id = $driveId
 *   )
 *   SELECT total.n AS total_, page.*
 *     FROM (SELECT count(*) AS n FROM hits) total
 *     LEFT JOIN LATERAL (
 *       SELECT f.*, h.rank_,
 *              ts_headline('emgen_search',
 *                          left(coalesce(nullif(d.body, ''), d.description, d.name), 100000),
 *                          q.query, 'StartSel=«, StopSel=», MaxWords=16, MinWords=6,
 *                          ShortWord=0, MaxFragments=1, FragmentDelimiter=…') AS snippet_
 *         FROM (SELECT rowid, rank_ FROM hits
 *                ORDER BY rank_, rowid LIMIT $limit OFFSET $offset) h
 *         JOIN drive_files f ON f.id = h.rowid
 *         JOIN drive_fts d ON d.rowid = h.rowid,
 *         emgen_search_query($words, $anyWord, $prefix) AS q(query)
 *     ) page ON true
 *    ORDER BY page.rank_, page.id
 *
 * - $words is queryWords(text) as a text[] parameter: no SQL is built from it.
 *   The three attempts of textSearch are (words, false, false),
 *   (words, false, true) and (words, true, false).
 * - emgen_search_rank is ts_rank('{0.17, 0.42, 0.67, 1.0}', document, query, 1)
 *   (migration 11). Weights: name is A, tags B, path and description C, body
 *   D; ts_rank takes them as {D, C, B, A} (bm25's 1 : 2.5 : 4 : 6).
 *   Normalisation 1 divides by log2(1 + length), as bm25 discounts long
 *   documents.
 * - ts_rank is higher-is-better, bm25 lower-is-better: -ts_rank keeps
 *   relevance() in drives/search.ts the same for both.
 * - Ranking needs every match's document, so the one pass over the matches
 *   (hits) reads nothing else: the drive and the document's length are in
 *   drive_fts (migration 11) and the document in the row. The count comes from the same pass; the LEFT
 *   JOIN still answers it when the page is past the last match.
 * - ts_headline re-reads the text, so only the page of hits pays for it; for
 *   a long body give it a prefix (left(body, 100000)) to bound the cost. The
 *   highlights come from the raw text: a word inside "q3-report.pdf" matches
 *   but is marked only where PostgreSQL's parser splits it the same way.
 */
