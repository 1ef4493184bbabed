/**
 * A stand-in for the server under the supervisor (tests only). CHILD_MODE:
 * - crash-once: the first start throws an uncaught exception once it is ready; later starts run.
 * - crash-always: every start dies of an unhandled rejection once it is ready.
 * - fail-before-ready: exits 1 before it is ready, like a configuration error.
 * - crash-before-ready: throws before it is ready, like a port already in use.
 * - drains: says each signal it hears and stops only at the second, like a draining server.
 * Starts are counted in START_COUNT_FILE.
 */
import fs from 'node:fs';
import { exitOnCrash } from '../../../server/crash';
import { READY_MESSAGE } from '../../../server/supervisor';

const countFile = process.env.START_COUNT_FILE!;
const start = (fs.existsSync(countFile) ? Number(fs.readFileSync(countFile, 'utf8')) : 0) + 1;
fs.writeFileSync(countFile, String(start));
const mode = process.env.CHILD_MODE;

exitOnCrash();
if (mode === 'fail-before-ready') {
  console.error('PORT must be a number');
  process.exit(1);
}
if (mode === 'crash-before-ready') throw new Error('listen EADDRINUSE: address already in use');
let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    signals += 1;
    if (mode === 'drains') {
      console.log(`start ${start}: ${signal} received (signal ${signals})`);
      if (signals === 2) process.exit(1);
      return;
    }
    console.log(`start ${start}: ${signal} received, stopping`);
    process.exit(0);
  });
setInterval(() => {}, 1000); // serves until told to stop
// Like server/main.ts: the supervisor hears that it is up before anyone else does.
process.send!(READY_MESSAGE, () => {
  console.log(`start ${start}: running as pid ${process.pid}`);
  setTimeout(() => {
    if (mode === 'crash-once' && start === 1) throw new Error(`boom in start ${start}`);
    if (mode === 'crash-always') void Promise.reject(new Error(`rejected in start ${start}`));
  }, 20);
});
