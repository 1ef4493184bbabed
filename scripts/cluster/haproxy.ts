import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../clientBuild';
import { untilListening } from './ports';

/** The balancer's configuration, shown in the README: the cluster runs this very file. */
export const HAPROXY_CONFIG = path.join(root, 'deploy/haproxy.cfg');

export const HAPROXY_MISSING =
  "haproxy not found: the cluster is not started (install Debian's haproxy package)";

/** The haproxy program, or undefined when it is not installed. */
export function findHaproxy(): string | undefined {
  const candidates = [
    process.env.HAPROXY,
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'haproxy')),
    '/usr/sbin/haproxy',
  ];
  return candidates.find((c): c is string => Boolean(c) && fs.existsSync(c!));
}

export interface Balancer {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** HAProxy in the foreground on `port` with deploy/haproxy.cfg, in front of the two instances. */
export async function startHaproxy(opts: {
  port: number;
  instances: [string, string];
  echo?: boolean;
}): Promise<Balancer> {
  const bin = findHaproxy();
  if (!bin) throw new Error(HAPROXY_MISSING);
  let output = '';
  const child: ChildProcess = spawn(bin, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      EMGEN_BIND: `0.0.0.0:${opts.port}`,
      EMGEN_1: opts.instances[0],
      EMGEN_2: opts.instances[1],
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    // Everything but the access log (one line per request): warnings, servers up and down.
    if (opts.echo)
      for (const line of chunk.toString().trimEnd().split('\n'))
        if (!/ "(GET|POST|PUT|PATCH|DELETE|HEAD) /.test(line)) console.log(`[haproxy] ${line}`);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const killNow = () => child.kill('SIGKILL');
  // An end without stop() (an error, a second Ctrl-C) leaves no balancer behind.
  process.once('exit', killNow);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => process.removeListener('exit', killNow));
  const early = exited.then(() => {
    throw new Error(`haproxy ended at start:\n${output}`);
  });
  await Promise.race([untilListening(opts.port, 'haproxy'), early]);
  early.catch(() => undefined);
  return {
    url: `http://localhost:${opts.port}`,
    port: opts.port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
