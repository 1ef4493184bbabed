/**
 * npm run test:server:pg: the whole server suite again, every test server on
 * its own database of a throwaway PostgreSQL cluster (tests/server/harness.ts).
 * Without PostgreSQL it says so on one line and passes, so `npm test` still
 * runs on a machine that has none; the tests of tests/server/postgres/ ran
 * in the SQLite run already and are not repeated.
 */
import { spawnSync } from 'node:child_process';
import { findPostgresBin, POSTGRES_MISSING } from '../tests/support/postgres';

if (!process.env.EMGEN_TEST_PG_URL && !findPostgresBin()) {
  console.warn(`${POSTGRES_MISSING}: the server suite ran on SQLite only.`);
  process.exit(0);
}
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--exclude',
    'tests/server/postgres/**',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, EMGEN_TEST_STORE: 'postgres' } },
);
process.exit(vitest.status ?? 1);
