import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway Redis for tests: Debian's `redis-server`, in a temp dir, on a
 * free port of 127.0.0.1, nothing saved to disk; a child of the test
 * process, so it ends with it.
 */

export const REDIS_MISSING =
  "redis-server not found: the Redis tests are skipped (install Debian's redis-server package)";

export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server as an outage would (its clients' connections end); `up` brings it back. */
  down(): Promise<void>;
  /** Starts it again after `down`, on the same port (empty: nothing was saved). */
  up(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

/** The redis-server program, or undefined when it is not installed. */
export function findRedisServer(): string | undefined {
  const candidates = [
    process.env.REDIS_SERVER,
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'redis-server')),
    '/usr/bin/redis-server',
  ];
  return candidates.find((c): c is string => Boolean(c) && fs.existsSync(c!));
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

/** Resolves once something answers PING on the port with PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d: Buffer) => {
      reply += d.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts a throwaway Redis; throws with the server's own last words when it
 * cannot. `detached`: in a process group of its own, so that a terminal's
 * Ctrl-C reaches only its parent, which stops it when it is done with it.
 */
export async function startRedis(opts: { detached?: boolean } = {}): Promise<TestRedis> {
  const bin = findRedisServer();
  if (!bin) throw new Error(REDIS_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-redis-'));
  const log = path.join(dir, 'redis.log');
  let child: ChildProcess | undefined;

  const kill = () => {
    child?.kill('SIGKILL');
    child = undefined;
  };
  // A run that ends without its teardown still leaves no server behind.
  process.once('exit', kill);

  const launch = async (port: number): Promise<void> => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--logfile',
      log,
    ];
    const started = spawn(bin, args, { stdio: 'ignore', detached: opts.detached });
    child = started;
    const exited = new Promise<string>((resolve) =>
      started.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const early = await Promise.race([exited, new Promise((r) => setTimeout(r, 50, null))]);
      if (typeof early === 'string') {
        const tail = fs.existsSync(log)
          ? fs.readFileSync(log, 'utf8').trim().split('\n').slice(-5)
          : [];
        throw new Error(`redis-server ended at start (${early}):\n${tail.join('\n')}`);
      }
      if (await answersPing(port)) return;
      if (Date.now() > deadline) {
        kill();
        throw new Error('redis-server did not answer within 15 s');
      }
    }
  };

  const halt = async (): Promise<void> => {
    const running = child;
    if (!running) return;
    child = undefined;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };

  // The free port is only free when asked: another process may take it first.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await launch(port);
      break;
    } catch (err) {
      if (attempt >= 3) {
        process.removeListener('exit', kill);
        fs.rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    down: halt,
    up: () => launch(port),
    stop: async () => {
      await halt();
      process.removeListener('exit', kill);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
