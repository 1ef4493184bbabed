import pg from 'pg';
import { afterEach, describe, expect } from 'vitest';
import { pgTest } from '../../support/postgresTest';
import { startTestServer, type TestServer } from '../harness';

/** Readiness (GET /api/ready) follows whether the PostgreSQL store can be reached. */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function get(server: TestServer, path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
}

describe('readiness on PostgreSQL', () => {
  pgTest(
    'is 503 while its database refuses connections, and 200 again once it takes them',
    async ({ pgAdminUrl, pgUrl }) => {
      const server = await startTestServer({ DATABASE_URL: pgUrl });
      servers.push(server);
      expect((await get(server, '/api/ready')).status).toBe(200);

      const admin = new pg.Client({ connectionString: pgAdminUrl });
      await admin.connect();
      const database = pg.escapeIdentifier(new URL(pgUrl).pathname.slice(1));
      const name = new URL(pgUrl).pathname.slice(1);
      try {
        // The server's connections are ended and no new one is let in: unreachable for it.
        await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        const started = Date.now();
        const ready = await get(server, '/api/ready');
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({ status: 'not ready', failed: 'store' });
        // Within the ping's 2 s and a margin for a busy machine.
        expect(Date.now() - started).toBeLessThan(5_000);
        expect((await get(server, '/api/health')).status).toBe(200);

        await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
        expect(await get(server, '/api/ready')).toMatchObject({
          status: 200,
          body: { status: 'ready' },
        });
      } finally {
        await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
    },
    30_000,
  );
});
