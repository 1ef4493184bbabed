/**
 * npm run cluster [-- --port 8080]: EMgen as two instances behind HAProxy on
 * this machine, with a throwaway PostgreSQL and Redis (README: Running more
 * than one instance). Ctrl-C drains the instances and removes everything.
 */
import { buildClientIfStale } from './clientBuild';
import { HAPROXY_CONFIG } from './cluster/haproxy';
import { startCluster, type Cluster } from './cluster/start';

function portArgument(): number {
  const at = process.argv.indexOf('--port');
  const raw = at >= 0 ? process.argv[at + 1] : (process.env.CLUSTER_PORT ?? '8080');
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`--port: expected a port number from 1 to 65535, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return port;
}

const port = portArgument();
await buildClientIfStale();
let cluster: Cluster;
try {
  cluster = await startCluster({ port, echo: true, say: (line) => console.log(line) });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const [one, two] = cluster.instances;
console.log(
  [
    '',
    `EMgen cluster at ${cluster.url}  (Ctrl-C stops everything)`,
    `  HAProxy      ${cluster.url}  config ${HAPROXY_CONFIG}`,
    `  emgen1       ${one.url}  pid ${one.pid}`,
    `  emgen2       ${two.url}  pid ${two.pid}`,
    `  PostgreSQL   ${cluster.databaseUrl}`,
    `  Redis        ${cluster.redisUrl}`,
    `  blobs        ${cluster.blobDir}`,
    `  (throwaway: ${cluster.dir} and the database go when it stops)`,
    '',
  ].join('\n'),
);

let stoppingSince = 0;
const stop = async (why: string) => {
  if (stoppingSince) {
    // A terminal's Ctrl-C reaches npm, tsx and this process at once: one press, many signals.
    if (Date.now() - stoppingSince < 1000) return;
    console.log('Stopping now.');
    process.exit(1);
  }
  stoppingSince = Date.now();
  console.log(`${why}: draining the instances, then stopping HAProxy, Redis and PostgreSQL…`);
  try {
    await cluster.stop();
    console.log('Stopped; the throwaway directories are removed.');
    process.exit(0);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
};
process.on('SIGINT', () => void stop('Ctrl-C'));
process.on('SIGTERM', () => void stop('SIGTERM'));
