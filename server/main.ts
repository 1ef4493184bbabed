import { buildApp, SERVER_VERSION } from './app';
import { firstAdminPassword } from './auth/adminPassword';
import { ConfigError, loadConfig, type Config } from './config';
import { exitOnCrash } from './crash';
import { openConfiguredStore, type Store } from './store';
import { seedDrives } from './seed/drives';
import { seedDemo } from './seed/demo';
import { startMetricsServer, type MetricsServer } from './ops';
import { READY_MESSAGE } from './supervisor';

export interface Running {
  url: string;
  /** Where Prometheus scrapes, when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Longest stop() should take: the drain's deadline and a margin for closing. */
  stopWithinMs: number;
  /** Drains (readiness false, rounds finish, sockets told to reconnect), then closes everything. */
  stop(): Promise<void>;
}

/** What stop() may take beyond the drain's deadline (stopped rounds stored, sockets and store closed). */
const CLOSING_MARGIN_MS = 20_000;

function printAdminWarning(admin: { email: string; password: string }): void {
  const line = '─'.repeat(72);
  console.warn(
    [
      line,
      ' Created the admin account (its password is shown this once):',
      `   email:    ${admin.email}`,
      `   password: ${admin.password}`,
      ' WARNING: change this password before anyone else can reach this server:',
      `   npm run users -- set-password ${admin.email}`,
      line,
    ].join('\n'),
  );
}

/** Opens the store, seeds a fresh one, and listens. Used by npm start and npm run dev. */
export async function startServer(
  config: Config,
  opts: { clientDir?: string } = {},
): Promise<Running> {
  const store: Store = await openConfiguredStore(config, {
    sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000,
    log: (err) => console.error('A database connection failed while idle:', err.message),
  });
  if (config.DEMO_SEED) {
    const seeded = await seedDemo(store, {
      email: config.ADMIN_EMAIL,
      password: firstAdminPassword(config),
    });
    if (seeded.createdAdmin) printAdminWarning(seeded.createdAdmin);
  }
  await store.sessions.deleteExpired();
  const { app, drives, drain, metrics } = await buildApp({
    config,
    store,
    clientDir: opts.clientDir,
  });
  // Adds only the demo documents that are missing, so it is safe on every start.
  if (config.DEMO_SEED) await seedDrives(store, config.DATA_DIR, drives);
  await app.listen({ port: config.PORT, host: config.HOST });
  let metricsServer: MetricsServer | undefined;
  if (config.METRICS_PORT !== undefined) {
    metrics.collectNodeMetrics();
    metricsServer = await startMetricsServer(metrics, {
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
    });
  }
  for (const w of await store.worlds.list()) {
    await store.console.append(w.id, {
      app_name: 'emgen',
      from: 'system',
      message: `EMgen ${SERVER_VERSION} started`,
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost =
    config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  return {
    url: `http://${shownHost}:${port}`,
    metricsUrl: metricsServer?.url,
    stopWithinMs: config.DRAIN_TIMEOUT_SECONDS * 1000 + CLOSING_MARGIN_MS,
    async stop() {
      await drain.run();
      try {
        for (const w of await store.worlds.list()) {
          await store.console.append(w.id, {
            app_name: 'emgen',
            from: 'system',
            message: 'EMgen stopping',
          });
        }
      } catch (err) {
        console.error(`The consoles were not told that EMgen stops: ${(err as Error).message}`);
      }
      await app.close();
      await store.close();
      // Last: Prometheus sees the drain to its end.
      await metricsServer?.close();
    },
  };
}

/** Reads the environment; a bad value ends the process with one line naming the variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Ctrl-C or SIGTERM drains the server (rounds under way finish, sockets are
 * told to reconnect), closes it and the database, and exits 0. A second
 * signal, or a stop that overruns its deadline, exits at once (1). Under the
 * supervisor, a supervisor that went away counts as the first signal.
 */
export function stopOnSignals(running: Running): void {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) {
      console.error(`${why}: stopping at once.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${why}, shutting down…`);
    setTimeout(() => {
      console.error(
        `EMgen did not stop within ${running.stopWithinMs / 1000} s; stopping at once.`,
      );
      process.exit(1);
    }, running.stopWithinMs).unref();
    running.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM received'));
  if (process.send) process.on('disconnect', () => stop('The supervisor went away'));
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  exitOnCrash();
  const running = await startServer(configOrExit()).catch((err: unknown) => {
    // An unreachable or misconfigured database stops start-up with its one line.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  });
  stopOnSignals(running);
  const announce = () => {
    console.log(`EMgen is running at ${running.url}  (Ctrl-C to stop)`);
    if (running.metricsUrl) console.log(`Prometheus metrics at ${running.metricsUrl}`);
  };
  // Under npm start, the supervisor hears first: it restarts only a server that was up.
  if (process.send) process.send(READY_MESSAGE, announce);
  else announce();
}
