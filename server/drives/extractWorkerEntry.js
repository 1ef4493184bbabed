// The entry file of the extraction pool's worker threads (extractPool.ts).
// A worker starts in plain Node whatever runs the server (tsx, Vitest), so it
// registers tsx on its own thread before it loads the TypeScript extractor.
import { register } from 'tsx/esm/api';

register();
const worker = import('./extractWorker.ts');

export default async function runTask(task) {
  const { default: run } = await worker;
  return run(task);
}
