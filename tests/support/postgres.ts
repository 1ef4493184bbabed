import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for tests: Debian's `postgresql` package,
 * `initdb` in a temp dir, a free port on 127.0.0.1, its unix socket in the
 * temp dir (never the system's /var/run/postgresql), trust auth, fsync off.
 * As root it runs as the `postgres` OS user (PostgreSQL refuses root).
 */

export const POSTGRES_MISSING =
  "PostgreSQL not found: the PostgreSQL runs are skipped (install Debian's postgresql package)";

/**
 * Roles in this group sign in with a password (scram-sha-256); every other
 * role is trusted. Lets a test see a real authentication failure.
 */
export const PASSWORD_LOGIN_GROUP = 'emgen_password_login';

export interface TestPostgres {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** Creates an empty database (a fresh random name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /**
   * Stops the server as an operator would (`pg_ctl stop -m fast`: open
   * connections are ended), keeping its data; `up` brings it back on the
   * same port. For tests of an outage.
   */
  down(): Promise<void>;
  /** Starts the server again after `down`, on the same port and data. */
  up(): Promise<void>;
  /**
   * `pg_ctl restart`: every open connection ends, the server is back when it
   * resolves. `fast` (the default) is an operator's restart: sessions are told
   * to end and a statement they were waiting for may still commit first;
   * `immediate` is a crash: nothing uncommitted survives.
   */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster and removes its directory. */
  stop(): Promise<void>;
}

const hasServer = (dir: string) =>
  ['initdb', 'pg_ctl', 'postgres'].every((p) => fs.existsSync(path.join(dir, p)));

/** The directory holding initdb, pg_ctl and postgres, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  // Debian keeps the server binaries off PATH, one directory per major version: newest first.
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const initdb = path.join(dir, 'initdb');
    if (fs.existsSync(initdb)) candidates.push(path.dirname(fs.realpathSync(initdb)));
  }
  return candidates.find(hasServer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as the `postgres` OS user when we are root, else as ourselves. */
function runAs(
  bin: string,
  program: string,
  args: string[],
): { command: string; args: string[]; owner?: { uid: number; gid: number } } {
  const file = path.join(bin, program);
  if (process.getuid?.() !== 0) return { command: file, args };
  let uid: number, gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('PostgreSQL refuses to run as root and there is no `postgres` user to run it');
  }
  return { command: 'runuser', args: ['-u', 'postgres', '--', file, ...args], owner: { uid, gid } };
}

function run(bin: string, program: string, args: string[], what: string): void {
  const cmd = runAs(bin, program, args);
  const result = spawnSync(cmd.command, cmd.args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15);
    throw new Error(
      `${what} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output.join('\n')}`,
    );
  }
}

/**
 * `run` without blocking the event loop: for stopping and starting a cluster
 * while a server in this process is using it.
 */
function runInBackground(
  bin: string,
  program: string,
  args: string[],
  what: string,
): Promise<void> {
  const cmd = runAs(bin, program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd.command, cmd.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${what} failed (${err.message})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${what} failed (${signal ?? `exit ${code}`}):\n${output.trim().split('\n').slice(-15).join('\n')}`,
          ),
        );
    });
  });
}

const HBA = `# written by tests/support/postgres.ts
local all all trust
host all +${PASSWORD_LOGIN_GROUP} 127.0.0.1/32 scram-sha-256
host all all 127.0.0.1/32 trust
`;

const databaseName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Creates a database on the cluster behind `adminUrl` and returns its URL.
 * It sorts text as an English-language installation does (ICU's en-US:
 * case and punctuation nearly ignored), not byte for byte like the cluster's
 * C locale, so tests see the order a real server would give; a PostgreSQL
 * built without ICU gets the cluster's default.
 */
export async function createDatabase(adminUrl: string, name?: string): Promise<string> {
  const db = name ?? `emgen_${randomBytes(6).toString('hex')}`;
  if (!databaseName.test(db)) throw new Error(`Not a plain database name: ${JSON.stringify(db)}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const create = `CREATE DATABASE ${pg.escapeIdentifier(db)}`;
    await client
      .query(`${create} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`)
      .catch(() => client.query(create));
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

/**
 * Starts a throwaway cluster; throws with initdb's or the server's own words
 * when it cannot. `settings` are server settings beyond the tests' (the
 * bench sizes shared_buffers, say).
 */
export async function startPostgres(
  opts: { settings?: Record<string, string> } = {},
): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-pg-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  const log = path.join(dir, 'server.log');
  fs.mkdirSync(socketDir);
  const owner = runAs(bin, 'initdb', []).owner;
  if (owner) for (const p of [dir, socketDir]) fs.chownSync(p, owner.uid, owner.gid);

  let started = false;
  const stopNow = () => {
    if (started) {
      const cmd = runAs(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      spawnSync(cmd.command, cmd.args);
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends without its teardown (an error in setup) still stops the cluster.
  process.once('exit', stopNow);

  try {
    run(
      bin,
      'initdb',
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      'initdb',
    );
    fs.writeFileSync(path.join(data, 'pg_hba.conf'), HBA);
    if (owner) fs.chownSync(path.join(data, 'pg_hba.conf'), owner.uid, owner.gid);

    let port = 0;
    const options = () =>
      [
        `-p ${port}`,
        `-k ${socketDir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
        ...Object.entries(opts.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' ');
    const withLog = (err: unknown) => {
      const tail = fs.existsSync(log)
        ? fs.readFileSync(log, 'utf8').trim().split('\n').slice(-10)
        : [];
      return new Error(`${(err as Error).message}\n${tail.join('\n')}`, { cause: err });
    };
    const pgCtlArgs = (action: 'start' | 'restart', mode: 'fast' | 'immediate' = 'fast') => [
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      ...(action === 'restart' ? ['-m', mode] : []),
      '-o',
      options(),
      action,
    ];
    // The free port is only free when asked: another process may take it before the server binds.
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      try {
        run(bin, 'pg_ctl', pgCtlArgs('start'), 'pg_ctl start');
        started = true;
      } catch (err) {
        if (attempt >= 3) throw withLog(err);
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE ROLE ${PASSWORD_LOGIN_GROUP} NOLOGIN`);
    await client.end();
    return {
      url,
      createDatabase: (name) => createDatabase(url, name),
      down: async () => {
        await runInBackground(
          bin,
          'pg_ctl',
          ['-D', data, '-m', 'fast', '-w', 'stop'],
          'pg_ctl stop',
        );
        started = false;
      },
      up: async () => {
        await runInBackground(bin, 'pg_ctl', pgCtlArgs('start'), 'pg_ctl start').catch(
          (err: unknown) => {
            throw withLog(err);
          },
        );
        started = true;
      },
      restart: (mode) =>
        runInBackground(bin, 'pg_ctl', pgCtlArgs('restart', mode), 'pg_ctl restart').catch(
          (err: unknown) => {
            throw withLog(err);
          },
        ),
      stop: async () => {
        process.removeListener('exit', stopNow);
        if (started) {
          run(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], 'pg_ctl stop');
          started = false;
        }
        stopNow();
      },
    };
  } catch (err) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw err;
  }
}
