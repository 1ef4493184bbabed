import pg from 'pg';
import { afterEach, describe, expect } from 'vitest';
import { loadConfig } from '../../../server/config';
import { postgresMigrations } from '../../../server/store/migrations/postgres';
import { openPostgres, type PostgresStore } from '../../../server/store/postgres';
import { pgTest } from '../../support/postgresTest';

/** The few tables these tests touch, as a repository would declare them for Kysely. */
interface TestTables {
  worlds: { id: string; name: string; created_at?: string };
  users: { id: string; email: string; name: string };
  sessions: { token_hash: string; user_id: string; created_at: number; expires_at: number };
  schema_migrations: { id: number; name: string; applied_at: string };
}

const stores: PostgresStore<TestTables>[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

async function open(url: string, env: Record<string, string> = {}) {
  const store = await openPostgres<TestTables>(loadConfig({ DATABASE_URL: url, ...env }));
  stores.push(store);
  return store;
}

describe('openPostgres', () => {
  pgTest('migrates on open, once', async ({ pgUrl }) => {
    const first = await open(pgUrl);
    const applied = () =>
      first.db.selectFrom('schema_migrations').select(['id', 'applied_at']).orderBy('id').execute();
    const before = await applied();
    expect(before.map((r) => r.id)).toEqual(postgresMigrations.map((m) => m.id));
    await open(pgUrl);
    expect(await applied()).toEqual(before);
  });

  pgTest(
    'reads rows through Kysely as SQLite does: BIGINT as numbers, ISO timestamps, emails without case',
    async ({ pgUrl }) => {
      const { db } = await open(pgUrl);
      await db.insertInto('worlds').values({ id: 'w', name: 'World' }).execute();
      await db
        .insertInto('users')
        .values({ id: 'u', email: 'Ann@Example.org', name: 'Ann' })
        .execute();
      const expires = Date.UTC(2031, 0, 1);
      await db
        .insertInto('sessions')
        .values({ token_hash: 't', user_id: 'u', created_at: expires - 1, expires_at: expires })
        .execute();
      expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([
        { token_hash: 't', user_id: 'u', created_at: expires - 1, expires_at: expires },
      ]);
      const count = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      const world = await db.selectFrom('worlds').selectAll().executeTakeFirstOrThrow();
      expect(world.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const ann = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ann@EXAMPLE.org')
        .execute();
      expect(ann).toEqual([{ id: 'u' }]);
      await expect(
        db
          .insertInto('users')
          .values({ id: 'u2', email: 'ANN@example.org', name: 'Ann' })
          .execute(),
      ).rejects.toThrow(/users_email_key/);
    },
  );

  pgTest('cancels a statement past DATABASE_STATEMENT_TIMEOUT_MS', async ({ pgUrl }) => {
    const { pool } = await open(pgUrl, { DATABASE_STATEMENT_TIMEOUT_MS: '300' });
    expect((await pool.query('SHOW statement_timeout')).rows).toEqual([
      { statement_timeout: '300ms' },
    ]);
    await expect(pool.query('SELECT pg_sleep(5)')).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
    // The connection is still good afterwards.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  pgTest('holds at most DATABASE_POOL_MAX connections', async ({ pgUrl }) => {
    const { pool } = await open(pgUrl, { DATABASE_POOL_MAX: '2' });
    const pids = await Promise.all(
      Array.from({ length: 6 }, () =>
        pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.1)'),
      ),
    );
    expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBeLessThanOrEqual(2);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  pgTest(
    'survives its connections being cut (a server restart) and reconnects on the next query',
    async ({ pgUrl, pgAdminUrl }) => {
      const idleErrors: Error[] = [];
      const store = await openPostgres<TestTables>(loadConfig({ DATABASE_URL: pgUrl }), {
        onIdleError: (err) => idleErrors.push(err),
      });
      stores.push(store);
      await store.db.insertInto('worlds').values({ id: 'w', name: 'World' }).execute();
      expect(store.pool.idleCount).toBeGreaterThan(0);
      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [new URL(pgUrl).pathname.slice(1)],
      );
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      // The pool hears its idle connections die, drops them, and the process goes on.
      await expect.poll(() => idleErrors.length).toBeGreaterThan(0);
      const worlds = await store.db.selectFrom('worlds').select('name').execute();
      expect(worlds).toEqual([{ name: 'World' }]);
    },
  );

  pgTest(
    'stops with one line naming DATABASE_URL when the database is missing',
    async ({ pgAdminUrl }) => {
      const url = new URL(pgAdminUrl);
      url.pathname = '/missing_database';
      await expect(openPostgres(loadConfig({ DATABASE_URL: url.toString() }))).rejects.toThrow(
        /^Invalid configuration: DATABASE_URL: database "missing_database" does not exist/,
      );
    },
  );
});
