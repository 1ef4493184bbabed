import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { root } from '../clientBuild';

/** One EMgen process of the cluster, as npm start runs it (without its supervisor). */
export interface Instance {
  name: string;
  port: number;
  /** http://127.0.0.1:<port>: the instance itself, past the balancer. */
  url: string;
  /** The running process's pid (a new one after restart). */
  readonly pid: number;
  /** Everything the process printed (stdout and stderr) since it last started. */
  output(): string;
  /** Sends a signal (SIGKILL: a crash) and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again after kill(), same port, data and environment. */
  restart(): Promise<void>;
  /** SIGTERM (it drains: rounds finish, sockets are told to reconnect) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` under Node with `env` on `port` and resolves once it
 * says it is running. `echo` prints its lines prefixed with its name.
 */
export async function startInstance(opts: {
  name: string;
  port: number;
  env: Record<string, string>;
  echo?: boolean;
}): Promise<Instance> {
  let child: ChildProcess;
  let output = '';
  let exited: Promise<void> = Promise.resolve();

  const launch = async () => {
    output = '';
    child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(root, 'server/main.ts')],
      {
        cwd: root,
        env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: Ctrl-C reaches the cluster script, which drains it in order.
        detached: true,
      },
    );
    const started = child;
    // An end without stop() (an error, a second Ctrl-C) leaves no instance behind.
    const killNow = () => started.kill('SIGKILL');
    process.once('exit', killNow);
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    void exited.then(() => process.removeListener('exit', killNow));
    let partial = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!opts.echo) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) console.log(`[${opts.name}] ${line}`);
    };
    started.stdout!.on('data', onData);
    started.stderr!.on('data', onData);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${opts.name} did not start within 90 s:\n${output}`)),
        90_000,
      );
      const check = () => {
        if (!/EMgen is running at /.test(output)) return;
        clearTimeout(timer);
        started.stdout!.off('data', check);
        resolve();
      };
      started.stdout!.on('data', check);
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${opts.name} ended at start (${signal ?? `exit ${code}`}):\n${output}`));
      });
    });
  };

  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals) => {
    if (running()) child.kill(signal);
    await exited;
  };

  await launch();
  return {
    name: opts.name,
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    get pid() {
      return child.pid!;
    },
    output: () => output,
    kill,
    restart: launch,
    stop: () => kill('SIGTERM'),
  };
}
