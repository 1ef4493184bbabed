import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * A real `@redux-devtools/cli` server for tests (e2e and server project), and
 * a monitor that watches it the way the DevTools app does.
 */

export interface DevToolsMessage {
  type: string;
  id?: string;
  name?: string;
  /** ACTION: the (sanitized) action, as jsan text. */
  action?: string;
  /** STATE: the app's lifted state (its whole action history), as jsan text. */
  payload?: string;
}

/** The part of socketcluster-client (the DevTools' own socket library) a monitor uses. */
interface MonitorSocket {
  invoke(procedure: string, data: unknown): Promise<unknown>;
  subscribe(channel: string): AsyncIterable<DevToolsMessage>;
  transmit(event: string, data: unknown): Promise<void>;
  disconnect(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `redux-devtools --hostname=127.0.0.1 --port=<free>` as its own process, once
 * it answers; `npm run devtools` (the same server with a working monitor page)
 * with `via: 'npm run devtools'`.
 */
export async function startDevToolsServer(
  via: 'redux-devtools' | 'npm run devtools' = 'redux-devtools',
): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const program =
    via === 'redux-devtools'
      ? [path.resolve('node_modules/@redux-devtools/cli/bin/redux-devtools.js')]
      : ['--import', 'tsx', path.resolve('scripts/reduxDevtools.ts')];
  const child = spawn(process.execPath, [...program, '--hostname=127.0.0.1', `--port=${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const start = Date.now();
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/port.js`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() - start > 20_000) {
      child.kill();
      throw new Error(`the Redux DevTools server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, stop: () => child.kill() };
}

/**
 * Logs in as a monitor and collects what apps send. An app announces itself
 * with START and is watched once a monitor sends START on 'respond' (the
 * DevTools app does so when it opens). The app may still be subscribing when
 * the first one comes, so it is repeated, as a developer would reload the
 * monitor, until every app that announced itself has answered with its STATE.
 */
export async function watchDevToolsServer(port: number) {
  // @ts-expect-error socketcluster-client ships no types; MonitorSocket describes what is used.
  const { default: scc } = await import('socketcluster-client');
  const socket = (scc as { create(o: object): MonitorSocket }).create({
    hostname: '127.0.0.1',
    port,
    autoReconnect: false,
  });
  const messages: DevToolsMessage[] = [];
  const channel = (await socket.invoke('login', 'monitor')) as string;
  void (async () => {
    for await (const message of socket.subscribe(channel)) messages.push(message);
  })();
  const asking = setInterval(() => {
    const started = new Set(messages.filter((m) => m.type === 'START').map((m) => m.id));
    const answered = new Set(messages.filter((m) => m.type === 'STATE').map((m) => m.id));
    if ([...started].some((id) => !answered.has(id))) {
      void socket.transmit('respond', { type: 'START' });
    }
  }, 200);

  /** Every action seen: those before START inside the STATE, the later ones one by one. */
  function actions(): { type: string; payload?: unknown }[] {
    return messages.flatMap((m) => {
      if (m.type === 'ACTION' && m.action) {
        // With an action sanitizer the message carries the action itself.
        return [JSON.parse(m.action) as { type: string; payload?: unknown }];
      }
      if (m.type !== 'STATE' || !m.payload) return [];
      const lifted = JSON.parse(m.payload) as {
        actionsById: Record<string, { action?: { type: string; payload?: unknown } }>;
      };
      return Object.values(lifted.actionsById).flatMap((a) => (a.action ? [a.action] : []));
    });
  }

  return {
    channel,
    messages,
    actions,
    actionTypes: () => actions().map((a) => a.type),
    stop() {
      clearInterval(asking);
      socket.disconnect();
    },
  };
}
