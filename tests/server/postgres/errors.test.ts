import pg from 'pg';
import { afterEach, describe, expect } from 'vitest';
import { loadConfig } from '../../../server/config';
import { StoreUnavailableError } from '../../../server/store';
import { openPostgres, type PostgresStore } from '../../../server/store/postgres';
import { pgTest } from '../../support/postgresTest';

/**
 * What a query's caller sees when PostgreSQL is too slow or goes away under
 * it: StoreUnavailableError in words for people (the driver's error as its
 * cause), while every other database error reaches it unchanged.
 */

interface TestTables {
  worlds: { id: string; name: string; created_at?: string };
}

const TIMEOUT = { DATABASE_STATEMENT_TIMEOUT_MS: '300' };
const clients: pg.Client[] = [];
const stores: PostgresStore<TestTables>[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end().catch(() => {})));
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** A store whose statements time out after 300 ms, or `timeoutMs` where a test needs longer. */
async function open(url: string, timeoutMs = TIMEOUT.DATABASE_STATEMENT_TIMEOUT_MS) {
  const store = await openPostgres<TestTables>(
    loadConfig({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs }),
  );
  stores.push(store);
  return store;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  clients.push(client);
  return client;
}

/** Another session holding an ACCESS EXCLUSIVE lock on worlds: every query on it waits. */
async function lockWorlds(url: string): Promise<pg.Client> {
  const client = await connect(url);
  await client.query('BEGIN');
  await client.query('LOCK TABLE worlds IN ACCESS EXCLUSIVE MODE');
  return client;
}

/** Runs `sql` on the first of the store's sessions that waits on a lock. */
async function onWaitingSession(admin: pg.Client, sql: (pid: string) => string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'emgen' AND wait_event_type = 'Lock'`,
    );
    if (rows[0]) {
      await admin.query(sql(String(rows[0].pid)));
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no session of the store waited on the lock');
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('the query succeeded');
    },
    (err: unknown) => err as Error & { code?: string; cause?: { code?: string } },
  );

describe('a PostgreSQL store that cannot answer', () => {
  pgTest(
    'a query past DATABASE_STATEMENT_TIMEOUT_MS fails with the time limit in words; the pool goes on',
    async ({ pgUrl }) => {
      const { db } = await open(pgUrl);
      const lock = await lockWorlds(pgUrl);
      const err = await failure(db.selectFrom('worlds').selectAll().execute());
      expect(err).toBeInstanceOf(StoreUnavailableError);
      expect(err.message).toBe('The database did not answer within 0.3 s');
      expect(err.cause?.code).toBe('57014');
      // The same inside a transaction: its statements go through the same driver.
      const inTx = await failure(
        db
          .transaction()
          .execute((trx) => trx.insertInto('worlds').values({ id: 'w', name: 'W' }).execute()),
      );
      expect(inTx).toBeInstanceOf(StoreUnavailableError);
      await lock.query('COMMIT');
      await db.insertInto('worlds').values({ id: 'w', name: 'W' }).execute();
      expect(await db.selectFrom('worlds').select('id').execute()).toEqual([{ id: 'w' }]);
    },
  );

  pgTest(
    'a connection ended under a running query fails it as unreachable; the next query gets a new one',
    async ({ pgUrl }) => {
      // Longer than finding the waiting session takes on a busy machine: not a timeout.
      const { db } = await open(pgUrl, '30000');
      const lock = await lockWorlds(pgUrl);
      const admin = await connect(pgUrl);
      const waiting = failure(db.selectFrom('worlds').selectAll().execute());
      await onWaitingSession(admin, (pid) => `SELECT pg_terminate_backend(${pid})`);
      const err = await waiting;
      expect(err).toBeInstanceOf(StoreUnavailableError);
      expect(err.message).toBe('The database cannot be reached right now; try again in a moment');
      await lock.query('COMMIT');
      expect(await db.selectFrom('worlds').selectAll().execute()).toEqual([]);
    },
  );

  pgTest('other database errors reach the caller unchanged', async ({ pgUrl }) => {
    const { db } = await open(pgUrl, '30000');
    await db.insertInto('worlds').values({ id: 'w', name: 'W' }).execute();
    const duplicate = await failure(
      db.insertInto('worlds').values({ id: 'w', name: 'W' }).execute(),
    );
    expect(duplicate).not.toBeInstanceOf(StoreUnavailableError);
    expect(duplicate.code).toBe('23505');

    // 57014 is also a cancel on request (pg_cancel_backend): not the database being slow.
    const lock = await lockWorlds(pgUrl);
    const admin = await connect(pgUrl);
    const waiting = failure(db.selectFrom('worlds').selectAll().execute());
    await onWaitingSession(admin, (pid) => `SELECT pg_cancel_backend(${pid})`);
    const cancelled = await waiting;
    expect(cancelled).not.toBeInstanceOf(StoreUnavailableError);
    expect(cancelled.code).toBe('57014');
    expect(cancelled.message).toBe('canceling statement due to user request');
    await lock.query('COMMIT');
  });
});
