/** npm run users -- <command>: manage accounts and world access on DATA_DIR's database. */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { runUsersCommand } from '../server/cli/users';
import { UserError } from '../server/cog/userError';
import { configOrExit } from '../server/main';
import { openConfiguredStore } from '../server/store';

function askSecret(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

const config = configOrExit();
const store = await openConfiguredStore(config, {
  sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000,
});
try {
  await runUsersCommand(process.argv.slice(2), store, {
    out: (line) => console.log(line),
    askSecret: process.stdin.isTTY ? askSecret : undefined,
  });
} catch (err) {
  if (err instanceof UserError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error((err as Error).message);
    process.exitCode = 2;
  } else {
    throw err;
  }
} finally {
  await store.close();
}
