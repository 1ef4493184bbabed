import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/public/index.html');
const clientSources = ['src', 'protocol', 'index.html', 'vite.config.ts', 'public', 'package.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The client is rebuilt only when it is missing or older than its sources. */
function clientIsStale(): boolean {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return clientSources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** Builds the web client into dist/public when it is missing or older than its sources. */
export async function buildClientIfStale(): Promise<void> {
  if (!clientIsStale()) return;
  console.log('Building the web client (it is missing or older than its sources)…');
  await build({ root, logLevel: 'warn' });
}
