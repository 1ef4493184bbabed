// @vitest-environment jsdom
// (the app's store is made as in the browser; the DevTools server is a real child process)
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { makeDevToolsOptions } from '../../src/store/devtools';
import { loadRemoteDevToolsEnhancer } from '../../src/store/remoteDevTools';
import { cogConnectRequested } from '../../src/ws/cogActions';
import { makeTestStore } from '../unit/testStore';
import { startTestServer } from './harness';

describe('REMOTE_DEVTOOLS and the Content-Security-Policy', () => {
  const cspOf = async (overrides: Parameters<typeof startTestServer>[0]) => {
    const server = await startTestServer(overrides);
    try {
      const res = await fetch(`${server.url}/api/health`);
      return res.headers.get('content-security-policy') ?? '';
    } finally {
      await server.close();
    }
  };
  const connectSrc = (csp: string) => csp.split(';').find((d) => d.startsWith('connect-src'));

  it('lets the browser connect to its own origin only, unless a DevTools server is named', async () => {
    expect(connectSrc(await cspOf({}))).toBe("connect-src 'self'");
    expect(connectSrc(await cspOf({ REMOTE_DEVTOOLS: 'localhost:8000' }))).toBe(
      "connect-src 'self' ws://localhost:8000 wss://localhost:8000",
    );
  });

  it('takes REMOTE_DEVTOOLS as host:port and refuses anything else', () => {
    expect(loadConfig({ REMOTE_DEVTOOLS: 'devbox.lan:8000' }).REMOTE_DEVTOOLS).toBe(
      'devbox.lan:8000',
    );
    expect(loadConfig({}).REMOTE_DEVTOOLS).toBeUndefined();
    for (const bad of ['devbox', 'http://devbox:8000', "x:1 'unsafe-inline'", 'a;b:1']) {
      expect(() => loadConfig({ REMOTE_DEVTOOLS: bad })).toThrow(
        `Invalid configuration: REMOTE_DEVTOOLS must be host:port (got ${JSON.stringify(bad)})`,
      );
    }
  });
});

// ---- a real @redux-devtools/cli server -------------------------------------------

/** The part of socketcluster-client (the DevTools' own socket library) a monitor uses. */
interface MonitorSocket {
  invoke(procedure: string, data: unknown): Promise<unknown>;
  subscribe(channel: string): AsyncIterable<DevToolsMessage>;
  transmit(event: string, data: unknown): Promise<void>;
  disconnect(): void;
}
interface DevToolsMessage {
  type: string;
  id?: string;
  name?: string;
  action?: string;
  payload?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, get: () => T | undefined, ms = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('remote Redux DevTools against a real @redux-devtools/cli server', () => {
  let cli: ChildProcess;
  let port: number;
  let output = '';

  beforeAll(async () => {
    port = await freePort();
    // What the README tells developers to run: `npx redux-devtools --hostname=... --port=...`.
    const bin = path.resolve('node_modules/@redux-devtools/cli/bin/redux-devtools.js');
    cli = spawn(process.execPath, [bin, '--hostname=127.0.0.1', `--port=${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cli.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    cli.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    let up = false;
    await until(`the DevTools server on ${port} (output: ${output})`, () => {
      fetch(`http://127.0.0.1:${port}/port.js`).then(
        (res) => (up ||= res.ok),
        () => undefined,
      );
      return up || undefined;
    });
  });

  afterAll(() => {
    cli?.kill();
  });

  it('receives the cog actions of the app store, sanitized', async () => {
    // A monitor, as the DevTools app is: log in, listen on the log channel, ask apps to start.
    // @ts-expect-error socketcluster-client ships no types; MonitorSocket describes what is used.
    const { default: scc } = await import('socketcluster-client');
    const monitor = (scc as { create(o: object): MonitorSocket }).create({
      hostname: '127.0.0.1',
      port,
      autoReconnect: false,
    });
    const messages: DevToolsMessage[] = [];
    const channel = (await monitor.invoke('login', 'monitor')) as string;
    expect(channel).toBe('log');
    void (async () => {
      for await (const message of monitor.subscribe(channel)) {
        messages.push(message);
        // The app announces itself with START; the monitor answers START on 'respond'.
        if (message.type === 'START') void monitor.transmit('respond', { type: 'START' });
      }
    })();

    try {
      const options = makeDevToolsOptions({ maxAge: 5000, hideHeartbeats: true });
      const enhancer = await loadRemoteDevToolsEnhancer(
        { hostname: '127.0.0.1', port, secure: false },
        options,
      );
      const { store, sockets } = makeTestStore(undefined, { enhancers: [enhancer] });
      // The store connects to the DevTools server and is watched once it answered.
      await until('the app to be watched', () =>
        messages.find((m) => m.type === 'STATE' && m.name === 'EMgen'),
      );

      store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
      const socket = sockets.last();
      socket.serverOpen();
      socket.serverSend('{"typ":"server.heartbeat","content":{"time":"12:00"}}');
      const picture = 'QUJD'.repeat(1000);
      socket.serverSend(
        JSON.stringify({
          typ: 'display.researchbox',
          content: {
            id: 'r1',
            title: 'Chart',
            html: `<img src="data:image/png;base64,${picture}">`,
          },
        }),
      );
      socket.serverSend('{"typ":"server.hello","content":{"version":"1.0.0"}}');

      // With an action sanitizer the message carries the (sanitized) action itself.
      type Sent = { type: string; payload?: unknown };
      const actions = () =>
        messages.filter((m) => m.type === 'ACTION').map((m) => JSON.parse(m.action!) as Sent);
      await until('cog/in/server.hello at the DevTools server', () =>
        actions().find((a) => a.type === 'cog/in/server.hello'),
      );
      const types = actions().map((a) => a.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'cog/connectRequested',
          'cog/connecting',
          'cog/connected',
          'cog/out/client.hello',
          'cog/in/display.researchbox',
          'cog/in/server.hello',
        ]),
      );
      expect(types.indexOf('cog/connecting')).toBeLessThan(types.indexOf('cog/in/server.hello'));
      // Hidden by the heartbeat setting; the reducer still saw it.
      expect(types).not.toContain('cog/in/server.heartbeat');
      expect(store.getState().connection.lastHeartbeat).toBe('12:00');
      // The frame arrives with it, its base64 shortened before it left the app.
      const box = actions().find((a) => a.type === 'cog/in/display.researchbox')!;
      expect(box.payload).toEqual({
        typ: 'display.researchbox',
        content: {
          id: 'r1',
          title: 'Chart',
          html: `<img src="data:image/png;base64,<<${'data:image/png;base64,'.length + picture.length} chars>>">`,
        },
      });
      expect(JSON.stringify(messages)).not.toContain(picture);
    } finally {
      monitor.disconnect();
    }
  });
});
