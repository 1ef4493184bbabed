import pg from 'pg';
import { describe, expect } from 'vitest';
import { pgTest } from '../../support/postgresTest';

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the throwaway PostgreSQL cluster', () => {
  pgTest('listens on 127.0.0.1 with fsync off, as a superuser', async ({ pgAdminUrl }) => {
    expect(new URL(pgAdminUrl).hostname).toBe('127.0.0.1');
    const [row] = await query<{ fsync: string; su: boolean }>(
      pgAdminUrl,
      "SELECT current_setting('fsync') AS fsync, rolsuper AS su FROM pg_roles WHERE rolname = current_user",
    );
    expect(row).toEqual({ fsync: 'off', su: true });
  });

  pgTest('gives each test a fresh empty database of its own', async ({ pgUrl, pgAdminUrl }) => {
    const name = new URL(pgUrl).pathname.slice(1);
    expect(name).toMatch(/^emgen_[0-9a-f]{12}$/);
    const [mine] = await query<{ db: string; tables: number }>(
      pgUrl,
      "SELECT current_database() AS db, (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables",
    );
    expect(mine).toEqual({ db: name, tables: 0 });
    const all = await query<{ datname: string }>(pgAdminUrl, 'SELECT datname FROM pg_database');
    expect(all.map((d) => d.datname)).toContain(name);
  });
});
