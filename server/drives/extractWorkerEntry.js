// The entry file of the extraction pool's worker threads (extractPool.ts).
import { register } from 'tsx/esm/api';

// pdf.js and its "worker" half (which it runs in this thread), loaded first
// and by plain Node: through tsx they would cost some 150 MB more heap (tsx
// turns source maps on, and Node then keeps pdf.js's large maps).
const pdfjs = Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
]);

// A worker starts in plain Node whatever runs the server (tsx, Vitest), so it
// registers tsx on its own thread before it loads the TypeScript extractor.
const extractor = pdfjs.then(() => {
  register();
  process.setSourceMapsEnabled(false);
  return import('./extractWorker.ts');
});

/** Runs one task; a warm-up task only waits for the loading above, so no file's time limit pays for it. */
export default async function runTask(task) {
  const { default: run } = await extractor;
  return 'warmUp' in task ? null : run(task);
}
