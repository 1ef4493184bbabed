/**
 * npm run dev: the API server (restarted on server changes) on DEV_API_PORT
 * (8081) and Vite's dev server with hot reload on 5173, which forwards /api
 * and the sockets to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = process.env.DEV_API_PORT ?? '8081';
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
});
process.env.DEV_API_URL = `http://127.0.0.1:${apiPort}`;

const vite = await createServer({ server: { port: 5173 } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) {
    console.error(`API server exited with ${code}`);
    void vite.close().then(() => process.exit(code));
  }
});
