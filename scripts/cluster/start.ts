import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  findPostgresBin,
  POSTGRES_MISSING,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import {
  findRedisServer,
  REDIS_MISSING,
  startRedis,
  type TestRedis,
} from '../../tests/support/redis';
import { findHaproxy, HAPROXY_MISSING, startHaproxy, type Balancer } from './haproxy';
import { startInstance, type Instance } from './instance';
import { freePort } from './ports';

/**
 * EMgen as several instances on one machine: a throwaway PostgreSQL and Redis
 * (Debian's, data in a temp dir), two instances sharing them and one blob
 * directory, and HAProxy in front (deploy/haproxy.cfg). `npm run cluster`,
 * the cluster tests and `npm run bench -- cluster` all start it here.
 */
export interface Cluster {
  /** Where people go: HAProxy. */
  url: string;
  instances: [Instance, Instance];
  balancer: Balancer;
  databaseUrl: string;
  redisUrl: string;
  blobDir: string;
  /** The throwaway directory: the instances' data dirs and the shared blobs. */
  dir: string;
  /** Drains the instances (SIGTERM), stops HAProxy, Redis and PostgreSQL, removes the directory. */
  stop(): Promise<void>;
}

/** Why the cluster cannot start here (a missing program), or undefined when it can. */
export function clusterMissing(): string | undefined {
  if (!findPostgresBin()) return POSTGRES_MISSING;
  if (!findRedisServer()) return REDIS_MISSING;
  if (!findHaproxy()) return HAPROXY_MISSING;
  return undefined;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

async function untilReady(url: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const status = await fetch(`${url}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`${url}/api/ready did not answer 200 within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startCluster(
  opts: {
    /** HAProxy's port (default: a free one). */
    port?: number;
    /** More environment for both instances (LLM_*, WEB_SEARCH_URL, LOG_LEVEL …). */
    env?: Record<string, string>;
    /** Print the instances' and HAProxy's lines, prefixed with their names. */
    echo?: boolean;
    say?: (line: string) => void;
  } = {},
): Promise<Cluster> {
  const missing = clusterMissing();
  if (missing) throw new Error(missing);
  const say = opts.say ?? (() => undefined);
  const port = opts.port ?? (await freePort());
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port} is taken: stop what uses it, or pick another with --port`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-cluster-'));
  const blobDir = path.join(dir, 'blobs');
  fs.mkdirSync(blobDir);
  const stops: (() => Promise<void>)[] = [
    async () => fs.rmSync(dir, { recursive: true, force: true }),
  ];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const stop of stops.splice(0).reverse())
      await stop().catch((err: unknown) => errors.push(err));
    if (errors.length)
      throw new AggregateError(errors, 'Parts of the cluster did not stop cleanly');
  };
  try {
    say('Starting PostgreSQL (throwaway data directory)…');
    const postgres: TestPostgres = await startPostgres();
    stops.push(() => postgres.stop());
    const databaseUrl = await createDatabase(postgres.url, 'emgen');

    say('Starting Redis…');
    const redis: TestRedis = await startRedis({ detached: true });
    stops.push(() => redis.stop());

    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      BLOB_STORE: 'fs',
      BLOB_DIR: blobDir,
      // Behind HAProxy (option forwardfor): sign-in limits count each client's own address.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    const instances: Instance[] = [];
    stops.push(async () => {
      await Promise.all(instances.map((i) => i.stop()));
    });
    // One after the other: the first migrates and seeds the empty database.
    for (const name of ['emgen1', 'emgen2']) {
      say(`Starting ${name}…`);
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir);
      instances.push(
        await startInstance({
          name,
          port: await freePort(),
          env: { ...env, DATA_DIR: dataDir },
          echo: opts.echo,
        }),
      );
    }
    const [one, two] = instances as [Instance, Instance];

    say('Starting HAProxy…');
    const balancer = await startHaproxy({
      port,
      instances: [`127.0.0.1:${one.port}`, `127.0.0.1:${two.port}`],
      echo: opts.echo,
    });
    // Stopped right after the instances drained (stops run last first).
    stops.splice(stops.length - 1, 0, () => balancer.stop());
    await untilReady(balancer.url);
    return {
      url: balancer.url,
      instances: [one, two],
      balancer,
      databaseUrl,
      redisUrl: redis.url,
      blobDir,
      dir,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
}
