import path from 'node:path';
import { configOrExit } from '../server/main';
import { supervise } from '../server/supervisor';
import { buildClientIfStale, root } from './clientBuild';

// A bad variable is reported once, here, before a build or a server process.
configOrExit();
await buildClientIfStale();
// The server runs in a child process that is restarted if it crashes.
const code = await supervise({
  args: ['--import', import.meta.resolve('tsx'), path.join(root, 'server/main.ts')],
});
process.exit(code);
