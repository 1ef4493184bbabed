/**
 * npm run test:e2e:pg: a smoke set of the browser tests against a server on
 * PostgreSQL (a throwaway cluster; tests/e2e/globalSetup.ts). The full set ran
 * on SQLite just before in npm test. Without PostgreSQL it says so on one line
 * and passes.
 */
import { spawnSync } from 'node:child_process';
import { findPostgresBin, POSTGRES_MISSING } from '../tests/support/postgres';

/** Sign-in, workspaces, a meeting, drives with search, the console and support logs. */
const SMOKE = ['signin', 'workspaces', 'meeting', 'drives', 'console', 'supportReplay'];

if (!findPostgresBin()) {
  console.warn(`${POSTGRES_MISSING}: the browser tests ran on SQLite only.`);
  process.exit(0);
}
const args = process.argv.slice(2);
const playwright = spawnSync(
  'npx',
  ['playwright', 'test', ...(args.length ? args : SMOKE.map((s) => `tests/e2e/${s}.spec.ts`))],
  { stdio: 'inherit', env: { ...process.env, E2E_STORE: 'postgres' } },
);
process.exit(playwright.status ?? 1);
