import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { queryWords } from '../../../server/drives/search';
import { ftsQuery } from '../../../server/store/driveDialect';
import { openDb, type Db } from '../../../server/store/db';
import { migratePostgres } from '../../../server/store/postgres';
import { pgTest } from '../../support/postgresTest';

/**
 * Full-text search on PostgreSQL (drive_fts.document, GIN, ts_rank,
 * ts_headline: the notes in server/store/migrations/postgresSearch.ts)
 * against FTS5 on the same corpus: the same files, in the same order.
 */

interface Doc {
  path: string;
  description: string;
  tags: string;
  body: string;
}

const DOCS: Doc[] = [
  {
    path: 'reports/q3-report.pdf',
    description: 'Quarterly figures',
    tags: 'finance',
    body: 'Revenue grew in the third quarter. The running costs fell.',
  },
  {
    path: 'notes/cafe-visits.md',
    description: 'Café visits',
    tags: 'food',
    body: 'We visited the Café de Flore and ordered croissants.',
  },
  {
    path: 'notes/dogs.md',
    description: '',
    tags: 'pets',
    body: 'Dogs running in the park; a report on dog food and a REPORT on cats.',
  },
  {
    path: 'misc/the-end.txt',
    description: '',
    tags: '',
    body: 'The end of the story, with a report_card attached.',
  },
  {
    path: 'finance/budget.xlsx',
    description: 'Budget for the report year',
    tags: 'finance, report',
    body: 'Spreadsheet of planned spending.',
  },
  { path: 'notes/fair.txt', description: '', tags: '', body: 'A fair price.' },
  { path: 'notes/fairly.txt', description: '', tags: '', body: 'Fairly priced.' },
];

const name = (p: string) => p.split('/').at(-1)!;

const BM25 = 'bm25(drive_fts, 3.0, 6.0, 2.0, 4.0, 1.0)';
/** The query of postgresDrives.searchText (the notes in migrations/postgresSearch.ts). */
const PG_SEARCH = `
  WITH hits AS MATERIALIZED (
    SELECT d.rowid, -emgen_search_rank(d.document, q.query, d.document_length) AS rank_
      FROM drive_fts d, emgen_search_query($1, $2, $3) AS q(query)
     WHERE d.document @@ q.query AND d.drive_id = 'd'
  )
  SELECT total.n AS total_, page.id, page.rank_, page.snippet_
    FROM (SELECT count(*) AS n FROM hits) total
    LEFT JOIN LATERAL (
      SELECT f.*, h.rank_,
             ts_headline('emgen_search',
                         left(coalesce(nullif(d.body, ''), d.description, d.name), 100000),
                         q.query, 'StartSel=«, StopSel=», MaxWords=16, MinWords=6,
                         ShortWord=0, MaxFragments=1, FragmentDelimiter=…') AS snippet_
        FROM (SELECT rowid, rank_ FROM hits ORDER BY rank_, rowid LIMIT $4 OFFSET $5) h
        JOIN drive_files f ON f.id = h.rowid
        JOIN drive_fts d ON d.rowid = h.rowid,
        emgen_search_query($1, $2, $3) AS q(query)
    ) page ON true
   ORDER BY page.rank_, page.id`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-search-'));
let sqlite: Db;
let pool: pg.Pool | undefined;

beforeAll(() => {
  sqlite = openDb(dir);
  sqlite.exec("INSERT INTO worlds (id, name) VALUES ('w', 'W')");
  sqlite.exec("INSERT INTO drives (id, world_id, name, created_at) VALUES ('d', 'w', 'D', 'now')");
  DOCS.forEach((doc, i) => {
    sqlite
      .prepare(
        `INSERT INTO drive_files (id, drive_id, path, name, mime_type, size, hash, updated_at)
         VALUES (?, 'd', ?, ?, 'text/plain', 1, 'h', 'now')`,
      )
      .run(i + 1, doc.path, name(doc.path));
    sqlite
      .prepare(
        'INSERT INTO drive_fts (rowid, path, name, description, tags, body) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(i + 1, doc.path, name(doc.path), doc.description, doc.tags, doc.body);
  });
});

afterAll(async () => {
  sqlite.close();
  await pool?.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function postgres(url: string): Promise<pg.Pool> {
  if (pool) return pool;
  pool = new pg.Pool({ connectionString: url });
  await migratePostgres(pool);
  await pool.query("INSERT INTO worlds (id, name) VALUES ('w', 'W')");
  await pool.query(
    "INSERT INTO drives (id, world_id, name, created_at) VALUES ('d', 'w', 'D', 'now')",
  );
  for (const [i, doc] of DOCS.entries()) {
    await pool.query(
      `INSERT INTO drive_files (id, drive_id, path, name, mime_type, size, hash, updated_at)
       VALUES ($1, 'd', $2, $3, 'text/plain', 1, 'h', 'now')`,
      [i + 1, doc.path, name(doc.path)],
    );
    await pool.query(
      'INSERT INTO drive_fts (rowid, path, name, description, tags, body) VALUES ($1, $2, $3, $4, $5, $6)',
      [i + 1, doc.path, name(doc.path), doc.description, doc.tags, doc.body],
    );
  }
  return pool;
}

type Mode = { any?: boolean; prefix?: boolean };

function sqliteIds(text: string, mode: Mode = {}): number[] {
  const match = ftsQuery(queryWords(text), mode.any ? 'or' : 'and', mode.prefix);
  return (
    sqlite
      .prepare(`SELECT rowid AS id FROM drive_fts WHERE drive_fts MATCH ? ORDER BY ${BM25}, rowid`)
      .all(match) as { id: number }[]
  ).map((r) => r.id);
}

async function postgresPage(
  url: string,
  text: string,
  mode: Mode = {},
  page = { limit: 100, offset: 0 },
) {
  const db = await postgres(url);
  const { rows } = await db.query<{
    total_: string;
    id: number | null;
    rank_: number | null;
    snippet_: string | null;
  }>(PG_SEARCH, [
    queryWords(text),
    Boolean(mode.any),
    Boolean(mode.prefix),
    page.limit,
    page.offset,
  ]);
  return {
    total: Number(rows[0]!.total_),
    hits: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: Number(r.id), rank: r.rank_!, snippet: r.snippet_! })),
  };
}

async function postgresHits(url: string, text: string, mode: Mode = {}) {
  return (await postgresPage(url, text, mode)).hits;
}

describe('PostgreSQL full-text search beside FTS5', () => {
  const cases: [string, string, Mode, number[]][] = [
    [
      'a word in names, tags, descriptions and bodies, best fields first',
      'report',
      {},
      [1, 5, 3, 4],
    ],
    ['stemming', 'runs', {}, [1, 3]],
    ['stemming as porter does: "fairly" is not "fair"', 'fairly', {}, [7]],
    ['stemming as porter does: "fair" is not "fairly"', 'fair', {}, [6]],
    ['stemming as porter does: "priced" is "price"', 'price', {}, [7, 6]],
    ['accents and case folded', 'CAFE', {}, [2]],
    ['words inside paths', 'q3', {}, [1]],
    ['no stop words', 'the', {}, [4, 5, 1, 2, 3]],
    ['every word', 'dog report', {}, [3]],
    ['any word', 'croissants spreadsheet', { any: true }, [5, 2]],
    ['the last word as a prefix', 'quart', { prefix: true }, [1]],
    ['an underscore joins a phrase', 'report_card', {}, [4]],
    ['nothing', 'zebra', {}, []],
  ];

  pgTest.for(cases)('%s', async ([, text, mode, expected], { pgUrl }) => {
    expect(sqliteIds(text, mode)).toEqual(expected);
    expect((await postgresHits(pgUrl, text, mode)).map((h) => h.id)).toEqual(expected);
  });

  pgTest('marks the words in the snippet and ranks below zero, as bm25 does', async ({ pgUrl }) => {
    const [hit] = await postgresHits(pgUrl, 'croissants');
    expect(hit!.snippet).toContain('«croissants»');
    expect(hit!.rank).toBeLessThan(0);
  });

  pgTest(
    'counts every match of the drive while reading one page, even past the last',
    async ({ pgUrl }) => {
      const db = await postgres(pgUrl);
      // Another drive's file that matches too: its row gets its own drive on insert.
      await db.query(
        "INSERT INTO drives (id, world_id, name, created_at) VALUES ('e', 'w', 'E', 'now')",
      );
      await db.query(
        `INSERT INTO drive_files (id, drive_id, path, name, mime_type, size, hash, updated_at)
       VALUES (200, 'e', 'other/report.md', 'report.md', 'text/plain', 1, 'h', 'now')`,
      );
      await db.query(
        "INSERT INTO drive_fts (rowid, path, name, description, tags, body) VALUES (200, 'other/report.md', 'report.md', '', '', 'report')",
      );
      try {
        const { rows } = await db.query('SELECT drive_id FROM drive_fts WHERE rowid = 200');
        expect(rows).toEqual([{ drive_id: 'e' }]);
        expect(await postgresPage(pgUrl, 'report', {}, { limit: 2, offset: 1 })).toMatchObject({
          total: 4,
          hits: [{ id: 5 }, { id: 3 }],
        });
        expect(await postgresPage(pgUrl, 'report', {}, { limit: 2, offset: 10 })).toEqual({
          total: 4,
          hits: [],
        });
        expect(await postgresPage(pgUrl, 'zebra')).toEqual({ total: 0, hits: [] });
      } finally {
        await db.query("DELETE FROM drives WHERE id = 'e'");
      }
    },
  );

  pgTest(
    'ranks to the bit as ts_rank with length normalisation, the length kept through an update',
    async ({ pgUrl }) => {
      const db = await postgres(pgUrl);
      const differing = async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n
             FROM drive_fts d, to_tsquery('emgen_search', 'report | the | fair | runs') AS q(query)
            WHERE d.document @@ q.query
              AND emgen_search_rank(d.document, q.query, d.document_length)
                  IS DISTINCT FROM ts_rank('{0.17, 0.42, 0.67, 1.0}', d.document, q.query, 1)`,
        );
        return rows[0]!.n;
      };
      expect(await differing()).toBe(0);
      // A body set later (extraction) recomputes the document and its length.
      await db.query("UPDATE drive_fts SET body = 'report report report, the end' WHERE rowid = 5");
      try {
        const { rows } = await db.query(
          `SELECT document_length, document @@ to_tsquery('emgen_search', 'end') AS found
             FROM drive_fts WHERE rowid = 5`,
        );
        // Words in path (3), name (2), description (5), tags (2) and the new body (5).
        expect(rows).toEqual([{ document_length: 17, found: true }]);
        expect(await differing()).toBe(0);
      } finally {
        await db.query('UPDATE drive_fts SET body = $1 WHERE rowid = 5', [DOCS[4]!.body]);
      }
    },
  );

  pgTest('matches through the GIN index', async ({ pgUrl }) => {
    const db = await postgres(pgUrl);
    const client = await db.connect();
    try {
      // Five rows are read faster without an index: forbid the scan to see the index can serve.
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query(
        'EXPLAIN SELECT rowid FROM drive_fts WHERE document @@ emgen_search_query($1, false, false)',
        [['report']],
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
        /Bitmap Index Scan on drive_fts_document/,
      );
    } finally {
      client.release(true);
    }
  });

  pgTest(
    'indexes a body too big for one tsvector from its start instead of failing',
    async ({ pgUrl }) => {
      const db = await postgres(pgUrl);
      // 2 MB of distinct words: their tsvector would pass PostgreSQL's 1 MB limit.
      const words = Array.from({ length: 250_000 }, (_, i) => `w${i.toString(36)}`);
      const body = `needle ${words.join(' ')} haystackend`;
      await db.query(
        `INSERT INTO drive_files (id, drive_id, path, name, mime_type, size, hash, updated_at)
         VALUES (100, 'd', 'big.txt', 'big.txt', 'text/plain', 1, 'h', 'now')`,
      );
      await db.query(
        "INSERT INTO drive_fts (rowid, path, name, description, tags, body) VALUES (100, 'big.txt', 'big.txt', '', '', $1)",
        [body],
      );
      expect((await postgresHits(pgUrl, 'needle')).map((h) => h.id)).toEqual([100]);
      // Past the part that fits, the body is not indexed (FTS5 has no such limit).
      expect(await postgresHits(pgUrl, 'haystackend')).toEqual([]);
      await db.query('DELETE FROM drive_files WHERE id = 100');
      const { rows } = await db.query('SELECT count(*)::int AS n FROM drive_fts WHERE rowid = 100');
      expect(rows).toEqual([{ n: 0 }]);
    },
  );
});
