/** npm run db -- <command>: store maintenance on DATA_DIR's database (see server/cli/db.ts). */
import { runDbCommand } from '../server/cli/db';
import { UserError } from '../server/cog/userError';
import { configOrExit } from '../server/main';
import { openConfiguredStore } from '../server/store';

const config = configOrExit();
const store = await openConfiguredStore(config, {
  sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000,
});
try {
  await runDbCommand(process.argv.slice(2), store, { out: (line) => console.log(line) });
} catch (err) {
  if (!(err instanceof UserError)) throw err;
  console.error(err.message);
  process.exitCode = 2;
} finally {
  await store.close();
}
