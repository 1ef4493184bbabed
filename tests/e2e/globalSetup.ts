import fs from 'node:fs';
import { startServerProcess } from './serverProcess';

/** One real server for the whole run; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  if (!fs.existsSync('dist/public/index.html')) {
    throw new Error('The client is not built: npm run test:e2e builds it first (npm run build).');
  }
  const server = await startServerProcess();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => server.stop();
}
