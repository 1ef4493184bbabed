import fs from 'node:fs';
import { createDatabase, startPostgres, type TestPostgres } from '../support/postgres';
import { startServerProcess } from './serverProcess';

/**
 * One real server for the whole run; its URL reaches the tests through the
 * environment. With E2E_STORE=postgres (npm run test:e2e:pg) the server runs
 * on a database of a throwaway PostgreSQL cluster instead of SQLite.
 */
export default async function globalSetup() {
  if (!fs.existsSync('dist/public/index.html')) {
    throw new Error('The client is not built: npm run test:e2e builds it first (npm run build).');
  }
  let postgres: TestPostgres | undefined;
  const env: Record<string, string> = {};
  if (process.env.E2E_STORE === 'postgres') {
    postgres = await startPostgres();
    env.DATABASE_URL = await createDatabase(postgres.url);
    process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  }
  const server = await startServerProcess(env);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    await postgres?.stop();
  };
}
