import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { copyReport } from '../../../server/cli/dbCopy';
import { loadConfig } from '../../../server/config';
import { openConfiguredStore, openStore, type Store } from '../../../server/store';
import { compareTables, TableChecksum } from '../../../server/store/copy/checksum';
import { COPIED_TABLES } from '../../../server/store/copy/tables';
import { seedDemo } from '../../../server/seed/demo';
import { E2E_ADMIN, startServerProcess, type ServerProcess } from '../../e2e/serverProcess';
import { pgTest } from '../../support/postgresTest';
import { call, upload } from '../driveHelpers';
import { Client } from '../harness';
import { dbCli, LIBRARY, meet, NOTES, transcript, useInstallation, viewOf } from './copyHelpers';

/**
 * npm run db -- copy: an installation used through the API on SQLite,
 * copied to PostgreSQL by the CLI, then served from PostgreSQL with the same
 * DATA_DIR (its blobs) answers the API as before.
 */
const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-copy-'));
  dirs.push(dir);
  return dir;
}

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const proc = await startServerProcess(env);
  running.push(proc);
  return proc;
}

async function stop(proc: ServerProcess): Promise<void> {
  running.splice(running.indexOf(proc), 1);
  await proc.stop();
}

/** The store on PostgreSQL database `url`, as a server there would open it. */
function postgresStore(url: string, dir: string): Promise<Store> {
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'silent' });
  return openConfiguredStore(config, { sessionTtlMs: 3600_000 });
}

async function emails(store: Store): Promise<string[]> {
  return (await store.users.list()).map((u) => u.email).sort();
}

async function signedIn(url: string): Promise<Client> {
  const client = new Client(url);
  expect((await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status).toBe(200);
  return client;
}

/** The report's rows: table, rows and checksum on each side, and the verdict. */
function reportRows(stdout: string) {
  const lines = stdout.split('\n');
  const header = lines.findIndex((l) => l.startsWith('table '));
  expect(header).toBeGreaterThanOrEqual(0);
  return lines
    .slice(header + 1)
    .filter((l) => /^\w+\s+\d+\s+\d+\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+\w+$/.test(l))
    .map((l) => {
      const [table, sourceRows, targetRows, sourceSum, targetSum, verdict] = l.split(/\s+/);
      return { table, sourceRows, targetRows, sourceSum, targetSum, verdict };
    });
}

describe('npm run db -- copy', () => {
  pgTest(
    'moves an installation from SQLite to PostgreSQL: the same workspaces, transcripts, files and search',
    async ({ pgUrl }) => {
      const dir = dataDir();
      const onSqlite = await serve({ DATA_DIR: dir });
      const before = await signedIn(onSqlite.url);
      const workspaceId = await useInstallation(onSqlite.url, before);
      const seen = await viewOf(onSqlite.url, before, workspaceId);
      const messages = seen.transcript.filter((f: any) => f.typ === 'display.message');
      expect(messages.map((m: any) => m.content)).toEqual([
        'What is 12.5% of 2,480?',
        expect.stringContaining('310'),
      ]);
      expect(seen.zeppelin.map((r: any) => r.path)).toEqual([NOTES.name]);
      expect(seen.picture.status).toBe(200);
      await stop(onSqlite);

      const copied = await dbCli(['copy', '--from', `sqlite:${dir}`, '--to', pgUrl]);
      expect(copied.stderr).toBe('');
      expect(copied.code).toBe(0);
      const rows = reportRows(copied.stdout);
      expect(rows.map((r) => r.table)).toContain('drive_fts');
      expect(rows).toHaveLength(COPIED_TABLES.length);
      for (const r of rows) {
        expect(r.targetRows, r.table).toBe(r.sourceRows);
        expect(r.targetSum, r.table).toBe(r.sourceSum);
        expect(r.verdict, r.table).toBe('same');
      }
      const count = (table: string) => Number(rows.find((r) => r.table === table)!.sourceRows);
      for (const table of ['messages', 'drive_files', 'drive_fts', 'drive_file_tags'])
        expect(count(table), table).toBeGreaterThan(0);
      expect(copied.stdout).toContain('Every table matches');
      expect(copied.stdout).toContain(`uploaded files stay where they are (${dir}/blobs,`);

      const onPostgres = await serve({ DATA_DIR: dir, DATABASE_URL: pgUrl });
      // The copied database is not seeded again.
      expect(onPostgres.output()).not.toContain('Created the admin account');
      const after = await signedIn(onPostgres.url);
      expect(await viewOf(onPostgres.url, after, workspaceId)).toEqual(seen);
      // A sign-in made on SQLite still holds: the sessions moved too.
      const carried = new Client(onPostgres.url);
      for (const [name, value] of before.cookies) carried.cookies.set(name, value);
      expect((await call(carried, 'GET', '/api/drives')).status).toBe(200);

      // New rows get fresh ids: each identity sequence was set past the copied ones.
      // The meeting goes on, its new messages after the copied ones.
      expect(await meet(onPostgres.url, after, workspaceId, 'What is 15% of 80?')).toContain('12');
      const continued = (await transcript(onPostgres.url, after, workspaceId))
        .filter((f: any) => f.typ === 'display.message')
        .map((m: any) => m.content);
      expect(continued).toEqual([
        ...messages.map((m: any) => m.content),
        'What is 15% of 80?',
        expect.stringContaining('12'),
      ]);
      const fresh = await upload(after, onPostgres.url, LIBRARY, [
        { name: 'after-the-move.md', data: 'Written on PostgreSQL.' },
      ]);
      expect(fresh.status).toBe(200);
      const made = await after.request('POST', '/api/action', {
        body: { action: 'new_chat' },
        headers: { 'X-World-Id': 'innovation-lab' },
      });
      expect(made.status).toBe(200);
      const store = await postgresStore(pgUrl, dir);
      try {
        const drive = (await store.drives.driveByName('innovation-lab', LIBRARY))!;
        const old = (await store.drives.fileByPath(drive.id, NOTES.name))!;
        const created = (await store.drives.fileByPath(drive.id, 'after-the-move.md'))!;
        const nextFileId = Number(/drive_files\.id at (\d+)/.exec(copied.stdout)![1]);
        expect(nextFileId).toBeGreaterThan(old.id);
        expect(created.id).toBeGreaterThanOrEqual(nextFileId);
        // Message search (migration 21) was built on PostgreSQL as the messages arrived.
        const hits = await store.transcripts.search({
          words: ['2', '480'],
          workspaceIds: [workspaceId],
          limit: 5,
        });
        expect(hits.length).toBeGreaterThan(0);
        expect(new Set(hits.map((h) => h.workspace_id))).toEqual(new Set([workspaceId]));
      } finally {
        await store.close();
      }
      const found = await call(after, 'POST', `/api/drives/${LIBRARY}/search/text`, {
        query: 'zeppelin',
      });
      expect(found.body.data.results.map((r: any) => r.File.Path)).toEqual([NOTES.name]);
    },
    240_000,
  );

  pgTest(
    'refuses a target that holds rows, and with --force replaces them with the copy',
    async ({ pgUrl }) => {
      const dir = dataDir();
      const source = openStore(dir, { sessionTtlMs: 3600_000 });
      await seedDemo(source, { email: 'admin@copy.test', password: 'copy-admin-password' });
      await source.users.create({ email: 'source@copy.test', name: 'Source', passwordHash: null });
      await source.close();
      // What a server's first start leaves in a database, and one account more.
      const target = await postgresStore(pgUrl, dataDir());
      await seedDemo(target, { email: 'admin@copy.test', password: 'copy-admin-password' });
      await target.users.create({ email: 'target@copy.test', name: 'Target', passwordHash: null });
      const before = await emails(target);

      const refused = await dbCli(['copy', '--from', `sqlite:${dir}`, '--to', pgUrl]);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim()).toMatch(
        /^The target database already holds rows \(worlds, users, .*\): copy into an empty database, one no EMgen server has started on \(a first start seeds the demo content\), or add --force to empty it first\.$/,
      );
      expect(await emails(target)).toEqual(before);

      const forced = await dbCli(['copy', '--from', `sqlite:${dir}`, '--to', pgUrl, '--force']);
      expect(forced.code).toBe(0);
      expect(forced.stdout).toMatch(
        /^--force: the target's rows in worlds, users, .* were replaced\.$/m,
      );
      const rows = reportRows(forced.stdout);
      expect(rows).toHaveLength(COPIED_TABLES.length);
      expect(rows.every((r) => r.verdict === 'same' && r.sourceSum === r.targetSum)).toBe(true);
      expect(rows.find((r) => r.table === 'users')).toMatchObject({
        sourceRows: '2',
        targetRows: '2',
      });
      expect(await emails(target)).toEqual(['admin@copy.test', 'source@copy.test']);
      await target.close();
    },
    120_000,
  );

  pgTest(
    'a row PostgreSQL cannot hold stops the copy, naming its table, with nothing committed',
    async ({ pgUrl }) => {
      const dir = dataDir();
      const source = openStore(dir, { sessionTtlMs: 3600_000 });
      await seedDemo(source, { email: 'admin@copy.test', password: 'copy-admin-password' });
      // SQLite keeps a NUL inside text; PostgreSQL's text cannot.
      await source.users.create({ email: 'nul@copy.test', name: 'A\u0000B', passwordHash: null });
      await source.close();

      const failed = await dbCli(['copy', '--from', `sqlite:${dir}`, '--to', pgUrl]);
      expect(failed.code).toBe(1);
      expect(failed.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^Copying table users failed: .*0x00/),
        'No rows were committed to the target.',
      ]);
      const target = await postgresStore(pgUrl, dataDir());
      try {
        expect(await target.worlds.list()).toEqual([]);
        expect(await emails(target)).toEqual([]);
      } finally {
        await target.close();
      }
    },
    120_000,
  );

  pgTest(
    'bad input: one clear line, exit code 2, nothing written',
    async ({ pgUrl }) => {
      const dir = dataDir();
      const source = openStore(dir, { sessionTtlMs: 3600_000 });
      await seedDemo(source, { email: 'admin@copy.test', password: 'copy-admin-password' });
      await source.close();
      const absent = path.join(dataDir(), 'nothing-here');
      const closedPort = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(port));
        });
      });
      const from = `sqlite:${dir}`;
      const cases: [string[], string][] = [
        [
          ['--to', pgUrl],
          '--from is required: the SQLite store to copy, e.g. --from sqlite:./data.',
        ],
        [['--from', from], '--to is required: the empty PostgreSQL database to copy into'],
        [['--from', `mysql://u@h/db`, '--to', pgUrl], 'Unknown scheme in --from ("mysql:")'],
        [['--from', dir, '--to', pgUrl], 'Unknown scheme in --from (none)'],
        [
          ['--from', from, '--to', 'mysql://user:pw-never-shown@h/db'],
          'Unknown scheme in --to ("mysql:")',
        ],
        [
          ['--from', `sqlite:${absent}`, '--to', pgUrl],
          `No SQLite store at ${absent}/emgen.sqlite: --from names the DATA_DIR that holds emgen.sqlite.`,
        ],
        [
          ['--from', from, '--to', `postgres://emgen:pw-never-shown@127.0.0.1:${closedPort}/emgen`],
          `--to: no PostgreSQL server answers at 127.0.0.1:${closedPort}/emgen (connection refused)`,
        ],
      ];
      for (const [args, message] of cases) {
        const { code, stdout, stderr } = await dbCli(['copy', ...args]);
        expect(code, args.join(' ')).toBe(2);
        expect(stdout).toBe('');
        expect(stderr.trim().split('\n'), args.join(' ')).toEqual([
          expect.stringContaining(message),
        ]);
        expect(stderr).not.toContain('pw-never-shown');
      }
      expect(fs.existsSync(absent)).toBe(false);
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
        );
        expect(rows[0].n).toBe(0);
      } finally {
        await client.end();
      }
    },
    120_000,
  );
});

describe('the copy checksum', () => {
  const columns = ['bytes', 'flag', 'id', 'text'];
  const rows = [
    { id: 1, text: 'Ada', flag: 1, bytes: Buffer.from([1, 2, 3]) },
    { id: 2, text: 'ada', flag: 0, bytes: null },
    { id: 3, text: '', flag: 1, bytes: Buffer.from([]) },
  ];
  function sum(list: Record<string, unknown>[], table = 'things') {
    const checksum = new TableChecksum(table, columns);
    for (const row of list) checksum.add(row);
    return checksum;
  }

  it('is the same for the same rows in any order, as either driver returns them', () => {
    const asPostgres = [...rows].reverse().map((r) => ({
      ...r,
      flag: r.flag === 1,
      bytes: r.bytes && new Uint8Array(r.bytes),
    }));
    const comparison = compareTables(sum(rows), sum(asPostgres));
    expect(comparison).toMatchObject({ same: true, source: { rows: 3 }, target: { rows: 3 } });
    expect(comparison.source.checksum).toBe(comparison.target.checksum);
  });

  it('tells a changed, missing or retyped value apart, and names the table in the report', () => {
    const changed = [rows[0]!, { ...rows[1]!, text: 'Ada' }, rows[2]!];
    const variants = [
      changed,
      rows.slice(0, 2),
      [...rows, rows[2]!],
      [rows[0]!, rows[1]!, { ...rows[2]!, text: null }],
      [{ ...rows[0]!, id: '1' }, rows[1]!, rows[2]!],
      [{ ...rows[0]!, bytes: Buffer.from([1, 2, 4]) }, rows[1]!, rows[2]!],
    ];
    for (const variant of variants) expect(compareTables(sum(rows), sum(variant)).same).toBe(false);
    const report = copyReport({
      tables: [compareTables(sum(rows), sum(changed))],
      committed: false,
      sequences: [],
      emptied: [],
    });
    expect(report[1]).toMatch(/^things\s+3\s+3\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+DIFFERENT$/);
  });

  it('refuses a value neither store holds instead of guessing', () => {
    expect(() => sum([{ ...rows[0]!, text: new Date(0) }])).toThrow(
      'Cannot compare the value of things.text: [object Date]',
    );
  });
});
