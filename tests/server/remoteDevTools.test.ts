// @vitest-environment jsdom
// (the app's store is made as in the browser; the DevTools server is a real child process)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { makeDevToolsOptions } from '../../src/store/devtools';
import { loadRemoteDevToolsEnhancer } from '../../src/store/remoteDevTools';
import { cogConnectRequested } from '../../src/ws/cogActions';
import { startDevToolsServer, watchDevToolsServer } from '../e2e/devToolsServer';
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
  let devTools: Awaited<ReturnType<typeof startDevToolsServer>>;

  // What the README tells developers to run: `npx redux-devtools --hostname=... --port=...`.
  beforeAll(async () => {
    devTools = await startDevToolsServer();
  });
  afterAll(() => devTools?.stop());

  it('receives the cog actions of the app store, sanitized', async () => {
    const watcher = await watchDevToolsServer(devTools.port);
    expect(watcher.channel).toBe('log');

    try {
      const options = makeDevToolsOptions({ maxAge: 5000, hideHeartbeats: true });
      const enhancer = await loadRemoteDevToolsEnhancer(
        { hostname: '127.0.0.1', port: devTools.port, secure: false },
        options,
      );
      const { store, sockets } = makeTestStore(undefined, { enhancers: [enhancer] });
      // The store connects to the DevTools server and is watched once it answered.
      await until('the app to be watched', () =>
        watcher.messages.find((m) => m.type === 'STATE' && m.name === 'EMgen'),
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

      const { actions } = watcher;
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
      expect(JSON.stringify(watcher.messages)).not.toContain(picture);
    } finally {
      watcher.stop();
    }
  });
});
