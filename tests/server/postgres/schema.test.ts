import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import { openDb } from '../../../server/store/db';
import { POSTGRES_ONLY_FTS_COLUMNS } from '../../../server/store/migrations/postgresSearch';
import { POSTGRES_ONLY_MESSAGE_FTS_COLUMNS } from '../../../server/store/migrations/workspaceLists';
import { migratePostgres } from '../../../server/store/postgres';
import { pgTest } from '../../support/postgresTest';

/**
 * The two dialects' schemas must stay twins: a table or column added to one
 * migration set only fails here.
 */

type Kind = 'integer' | 'text' | 'blob';
interface Column {
  kind: Kind;
  notNull: boolean;
}
type Schema = Record<string, Record<string, Column>>;

/**
 * Columns PostgreSQL has beyond SQLite's, each standing for something SQLite
 * keeps implicitly: its rowid (explicit where repositories order by it), and
 * FTS5's index (shadow tables there; here a tsvector column, its length, and
 * the file's drive beside it, so that search filters and ranks from the row).
 */
const postgresOnly = (table: string, column: string) =>
  column === 'rowid' ||
  (table === 'drive_fts' && (POSTGRES_ONLY_FTS_COLUMNS as readonly string[]).includes(column)) ||
  (table === 'messages_fts' &&
    (POSTGRES_ONLY_MESSAGE_FTS_COLUMNS as readonly string[]).includes(column));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-schema-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function sqliteKind(type: string): Kind {
  if (/INT/i.test(type)) return 'integer';
  if (/BLOB/i.test(type)) return 'blob';
  // FTS5 columns have no declared type; they hold text.
  return 'text';
}

function sqliteSchema(): Schema {
  const db = openDb(dir);
  try {
    const tables = (
      db.prepare('PRAGMA table_list').all() as { name: string; type: string; schema: string }[]
    ).filter(
      (t) =>
        t.schema === 'main' &&
        (t.type === 'table' || t.type === 'virtual') &&
        !t.name.startsWith('sqlite_'),
    );
    const out: Schema = {};
    for (const t of tables) {
      const cols = db.prepare(`PRAGMA table_info(${JSON.stringify(t.name)})`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      out[t.name] = Object.fromEntries(
        cols.map((c) => [
          c.name,
          // SQLite lets a non-INTEGER primary key hold NULL (a legacy quirk); the code never stores one.
          { kind: sqliteKind(c.type), notNull: c.notnull === 1 || c.pk > 0 },
        ]),
      );
    }
    return out;
  } finally {
    db.close();
  }
}

function postgresKind(type: string, udt: string): Kind | undefined {
  if (type === 'integer' || type === 'bigint') return 'integer';
  if (type === 'text' || udt === 'citext') return 'text';
  if (type === 'bytea') return 'blob';
  return undefined;
}

async function postgresSchema(url: string): Promise<Schema> {
  const pool = new pg.Pool({ connectionString: url });
  try {
    await migratePostgres(pool);
    const { rows } = await pool.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: 'YES' | 'NO';
    }>(
      `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
    );
    const out: Schema = {};
    for (const r of rows) {
      if (postgresOnly(r.table_name, r.column_name)) continue;
      const kind = postgresKind(r.data_type, r.udt_name);
      if (!kind) throw new Error(`${r.table_name}.${r.column_name}: unmapped type ${r.data_type}`);
      (out[r.table_name] ??= {})[r.column_name] = { kind, notNull: r.is_nullable === 'NO' };
    }
    return out;
  } finally {
    await pool.end();
  }
}

describe('the SQLite and PostgreSQL schemas', () => {
  pgTest('have the same tables with the same columns, kinds and nullability', async ({ pgUrl }) => {
    const sqlite = sqliteSchema();
    const postgres = await postgresSchema(pgUrl);
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    for (const table of Object.keys(sqlite)) {
      expect(postgres[table], table).toEqual(sqlite[table]);
    }
    // Every table the code uses is there, the ones the semantic indexes once made included.
    for (const t of ['drive_fts', 'semantic_passages', 'semantic_embeddings', 'schema_migrations'])
      expect(Object.keys(sqlite)).toContain(t);
  });

  pgTest(
    'keep the PostgreSQL-only columns to the ones that stand for SQLite internals',
    async ({ pgUrl }) => {
      const pool = new pg.Pool({ connectionString: pgUrl });
      try {
        await migratePostgres(pool);
        const { rows } = await pool.query<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema()
              AND (column_name IN ('rowid', 'document', 'document_length')
                   OR (table_name = 'drive_fts' AND column_name = 'drive_id'))
            ORDER BY table_name, column_name`,
        );
        expect(rows.map((r) => `${r.table_name}.${r.column_name}`)).toEqual([
          'drive_fts.document',
          'drive_fts.document_length',
          'drive_fts.drive_id',
          'drive_fts.rowid',
          'messages_fts.document',
          'messages_fts.rowid',
          'support_logs.rowid',
          'workspace_experts.rowid',
          'workspace_files.rowid',
          'workspace_toolproviders.rowid',
          'workspaces.rowid',
        ]);
      } finally {
        await pool.end();
      }
    },
  );
});
