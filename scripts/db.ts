/** npm run db -- <command>: store maintenance (see server/cli/db.ts). */
import { runDbCommand } from '../server/cli/db';
import { UserError } from '../server/cog/userError';
import { ConfigError, loadConfig, type Config } from '../server/config';
import { openConfiguredStore } from '../server/store';

/** A bad variable ends the run with its one line (not server/main's configOrExit: it loads the whole server). */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const config = configOrExit();
try {
  process.exitCode = await runDbCommand(
    process.argv.slice(2),
    {
      config,
      // Only for the commands on the configured store: copy names its own stores.
      openStore: () =>
        openConfiguredStore(config, { sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000 }),
    },
    { out: (line) => console.log(line), err: (line) => console.error(line) },
  );
} catch (err) {
  if (!(err instanceof UserError)) throw err;
  console.error(err.message);
  process.exitCode = 2;
}
