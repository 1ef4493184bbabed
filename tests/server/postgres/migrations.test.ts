import pg from 'pg';
import { afterEach, describe, expect } from 'vitest';
import { sqliteMigrations } from '../../../server/store/migrations/sqlite';
import { postgresMigrations } from '../../../server/store/migrations/postgres';
import { migratePostgres, withPostgresMigrationLock } from '../../../server/store/postgres';
import { pgTest } from '../../support/postgresTest';

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

/** A pool of its own, as another server process would have. */
function serverPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
}

const ALL_IDS = postgresMigrations.map((m) => m.id);

describe('PostgreSQL migrations', () => {
  pgTest('mirror the SQLite ones: the same ids and names', () => {
    const idsAndNames = (ms: typeof sqliteMigrations) => ms.map(({ id, name }) => ({ id, name }));
    expect(idsAndNames(postgresMigrations)).toEqual(idsAndNames(sqliteMigrations));
  });

  pgTest('apply once on a fresh database and then find nothing to do', async ({ pgUrl }) => {
    const pool = serverPool(pgUrl);
    expect(await migratePostgres(pool)).toEqual(ALL_IDS);
    expect(await migratePostgres(pool)).toEqual([]);
    const { rows } = await pool.query('SELECT id, name FROM schema_migrations ORDER BY id');
    expect(rows).toEqual(postgresMigrations.map(({ id, name }) => ({ id, name })));
  });

  pgTest(
    'a query that computes a search document is never planned in parallel (migration 30)',
    async ({ pgUrl }) => {
      const pool = serverPool(pgUrl);
      await migratePostgres(pool);
      const { rows } = await pool.query(
        "SELECT proparallel FROM pg_proc WHERE proname = 'emgen_search_document'",
      );
      expect(rows).toEqual([{ proparallel: 'u' }]);
      // What failed before: the function's EXCEPTION block in a parallel operation.
      const client = await pool.connect();
      try {
        const { rows: version } = await client.query<{ server_version_num: string }>(
          'SHOW server_version_num',
        );
        // PostgreSQL 16 renamed the setting that puts every query in a parallel worker.
        const everyQueryParallel =
          Number(version[0]!.server_version_num) >= 160000
            ? 'debug_parallel_query'
            : 'force_parallel_mode';
        await client.query('BEGIN');
        await client.query(`SET LOCAL ${everyQueryParallel} = on`);
        const made = await client.query(
          `CREATE TEMP TABLE documents AS
             SELECT emgen_search_document('p', 'n', 'd', 't', repeat('word ', g)) AS doc
               FROM generate_series(1, 2000) g`,
        );
        expect(made.rowCount).toBe(2000);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    },
  );

  pgTest(
    'two processes migrating the same fresh database together both succeed, each migration once',
    async ({ pgUrl }) => {
      const [a, b] = [serverPool(pgUrl), serverPool(pgUrl)];
      // Both connected before either starts, so they really do start together.
      await Promise.all([a.query('SELECT 1'), b.query('SELECT 1')]);
      const [ra, rb] = await Promise.all([migratePostgres(a), migratePostgres(b)]);
      expect([...ra, ...rb].sort((x, y) => x - y)).toEqual(ALL_IDS);
      expect([ra.length, rb.length].sort()).toEqual([0, ALL_IDS.length]);
      const { rows } = await a.query('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows).toEqual([{ n: ALL_IDS.length }]);
    },
  );

  pgTest(
    'withPostgresMigrationLock makes another process wait until the work commits',
    async ({ pgUrl }) => {
      const [a, b] = [serverPool(pgUrl), serverPool(pgUrl)];
      await migratePostgres(a);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = withPostgresMigrationLock(a, async (client) => {
        await client.query("INSERT INTO meta (key, value) VALUES ('seeded', 'by the first')");
        await held;
      });
      const second = withPostgresMigrationLock(b, async (client) => {
        const { rows } = await client.query("SELECT value FROM meta WHERE key = 'seeded'");
        return rows[0]?.value as string | undefined;
      });
      let secondDone = false;
      void second.finally(() => (secondDone = true)).catch(() => {});
      // Wait until the second really queues on the advisory lock (pg_locks shows it not granted).
      while (!secondDone) {
        const { rows } = await a.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        if (rows[0].n === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      expect(secondDone, 'the second ran while the first held the lock').toBe(false);
      await first;
      expect(await second).toBe('by the first');
    },
  );

  pgTest('withPostgresMigrationLock rolls back what failed', async ({ pgUrl }) => {
    const pool = serverPool(pgUrl);
    await migratePostgres(pool);
    await expect(
      withPostgresMigrationLock(pool, async (client) => {
        await client.query("INSERT INTO meta (key, value) VALUES ('half', 'done')");
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    const { rows } = await pool.query("SELECT value FROM meta WHERE key = 'half'");
    expect(rows).toEqual([]);
  });

  pgTest('a failing migration leaves nothing behind', async ({ pgUrl }) => {
    const pool = serverPool(pgUrl);
    const broken = [
      postgresMigrations[0]!,
      {
        id: 2,
        name: 'broken',
        sql: 'CREATE TABLE half (id TEXT); SELECT no_such_column FROM half;',
      },
    ];
    await expect(migratePostgres(pool, broken)).rejects.toThrow(/no_such_column/);
    const { rows } = await pool.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()',
    );
    expect(rows).toEqual([]);
  });
});
