// The entry file of the worker thread that converts the word vectors once (load.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// A worker starts in plain Node whatever runs the server (tsx, Vitest): it
// registers tsx on its own thread before it loads the TypeScript converter.
register();
const { convertWordVectors } = await import('./convert.ts');
parentPort.postMessage(convertWordVectors(workerData));
