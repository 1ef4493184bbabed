import { afterEach, describe, expect } from 'vitest';
import pg from 'pg';
import { pgTest } from '../../support/postgresTest';
import { call, upload } from '../driveHelpers';
import { Client, startTestServer, type TestServer } from '../harness';

/**
 * Text order on PostgreSQL: a database made with an English locale (the
 * fixture's ICU en-US, as most installations are) sorts "_x, a, B, b, Z";
 * SQLite sorts byte for byte. Migration 12 gives every text column the "C"
 * collation, so a drive lists, pages, filters by folder and counts tags in
 * the same order on both stores.
 */

const DRIVE = 'Sorting';
const NAMES = [
  'b.md',
  'B.md',
  'a.md',
  '_notes.md',
  'Zeta.md',
  'a-b.md',
  'ab.md',
  'Ärger.md',
  'éclair.md',
  '10.md',
  '9.md',
];
const FOLDERS = ['docs/x.md', 'docs/Y.md', 'docs-old/y.md', 'docs_z/z.md', 'Docs/w.md'];

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** A server on the given store with the same drive: files in folders, tags in mixed case. */
async function driveOn(overrides: { DATABASE_URL?: string }) {
  const server = await startTestServer(overrides);
  running.push(server);
  const admin = new Client(server.url);
  await admin.signIn();
  await server.drives.ensureDrive('innovation-lab', DRIVE);
  for (const [i, name] of NAMES.entries()) {
    const tags = ['Beta', 'alpha', '_draft', 'Alpha', 'zulu'].slice(0, 1 + (i % 5)).join(', ');
    const res = await upload(admin, server.url, DRIVE, [{ name, data: `file ${i}` }], { tags });
    expect(res.status).toBe(200);
  }
  for (const p of FOLDERS) {
    const slash = p.lastIndexOf('/');
    const res = await upload(admin, server.url, DRIVE, [{ name: p.slice(slash + 1), data: p }], {
      path: p.slice(0, slash),
    });
    expect(res.status).toBe(200);
  }
  return async (url: string) => (await call(admin, 'GET', url)).body.data;
}

async function orders(get: (url: string) => Promise<any>) {
  const list = async (query: string) =>
    (await get(`/api/drives/${DRIVE}/files?${query}`)).data.Files.map((f: any) => f.Path);
  return {
    byPath: await list('limit=100'),
    byPathDesc: await list('limit=100&sortDir=desc'),
    byName: await list('limit=100&sortBy=name'),
    page: await list('limit=4&offset=3'),
    docsFolder: await list('pathPrefix=docs/'),
    tagged: await list('limit=100&tags=ALPHA'),
    tags: (await get(`/api/drives/${DRIVE}`)).Tags,
  };
}

describe('text order on PostgreSQL', () => {
  pgTest(
    'is byte for byte as on SQLite, on a database with an English locale',
    async ({ pgUrl }) => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const { rows } = await admin.query<{ x: string }>(
        `SELECT x FROM (VALUES ('b'), ('B'), ('_x')) v(x) ORDER BY x`,
      );
      await admin.end();
      // The database itself does not sort like SQLite: the test would show a difference.
      expect(rows.map((r) => r.x)).not.toEqual(['B', '_x', 'b']);

      const onSqlite = await orders(await driveOn({}));
      const onPostgres = await orders(await driveOn({ DATABASE_URL: pgUrl }));
      expect(onSqlite.byPath.slice(0, 6)).toEqual([
        '10.md',
        '9.md',
        'B.md',
        'Docs/w.md',
        'Zeta.md',
        '_notes.md',
      ]);
      expect(onSqlite.docsFolder).toEqual(['docs/Y.md', 'docs/x.md']);
      expect(onPostgres).toEqual(onSqlite);
    },
    60_000,
  );
});
