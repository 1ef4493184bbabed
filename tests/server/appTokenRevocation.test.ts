import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_NOT_SIGNED_IN } from '../../protocol';
import { startTestServer, type TestServer } from './harness';
import { WORLD, settle, usersCli, within } from './revocationHelpers';

const REVOKED = { code: CLOSE_NOT_SIGNED_IN, reason: 'App token revoked' };

let server: TestServer;
beforeAll(async () => {
  // No sweep during the tests: what closes an app is the revocation or its next frame.
  server = await startTestServer({ accessSweepMs: 600_000 });
});
afterAll(() => server.close());

/** A remote app connected with its token and registered with one callable cog. */
async function connectedApp(appName: string) {
  const token = (await usersCli(server, ['app-token', appName, WORLD]))[1]!;
  const ws = new WebSocket(`${server.wsUrl}/api/ws/cog?worldId=${WORLD}&app=${appName}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const frames: any[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve) => ws.once('open', () => resolve()));
  ws.send(
    JSON.stringify({
      typ: 'cog.hello',
      content: { appName, cogs: [{ module: 'm', cog: 'echo', annotations: { callable: {} } }] },
      requestid: 'hello',
    }),
  );
  await within(
    new Promise<void>((resolve) => ws.once('message', () => resolve())),
    5000,
    'cog.hello.response',
  );
  expect(frames[0]).toMatchObject({ typ: 'cog.hello.response', content: { status: 'success' } });
  expect(server.registry.get(appName, WORLD)).toBeDefined();
  return { ws, frames, closed, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

const consoleText = async () =>
  (await server.store.console.list(WORLD)).map((m) => m.message).join('\n');
/** Console lines are written in the background: a socket's close can be seen before its line is stored. */
const consoleGets = (line: string) =>
  vi.waitFor(async () => expect(await consoleText()).toContain(line), { timeout: 5000 });

describe('revoking an app token', () => {
  it('revoke-app-token with the server told closes the app socket with 4401 and unregisters its cogs', async () => {
    const app = await connectedApp('revoked-app');
    await usersCli(server, ['revoke-app-token', 'revoked-app', WORLD], server.revocations);
    expect(await within(app.closed, 2000, 'app socket closed')).toEqual(REVOKED);
    expect(server.registry.get('revoked-app', WORLD)).toBeUndefined();
    await consoleGets('Remote app revoked-app disconnected');
  });

  it('revoked by another process: the next frame of the app is not handled and the app is gone', async () => {
    const app = await connectedApp('other-process-app');
    await usersCli(server, ['revoke-app-token', 'other-process-app', WORLD]);
    app.send({ typ: 'cog.event', content: { name: 'after-revoke', message: 'must not arrive' } });
    expect(await within(app.closed, 2000, 'app socket closed')).toEqual(REVOKED);
    await settle();
    expect(await consoleText()).not.toContain('must not arrive');
    expect(server.registry.get('other-process-app', WORLD)).toBeUndefined();
  });

  it('replacing the token disconnects the app connected with the old one; the new one connects', async () => {
    const app = await connectedApp('rotated-app');
    await usersCli(server, ['app-token', 'rotated-app', WORLD], server.revocations);
    expect(await within(app.closed, 2000, 'app socket closed')).toEqual(REVOKED);
    const again = await connectedApp('rotated-app');
    again.ws.close();
  });

  it("another app's revocation leaves an app whose token holds serving", async () => {
    const kept = await connectedApp('kept-app');
    const gone = await connectedApp('gone-app');
    await usersCli(server, ['revoke-app-token', 'gone-app', WORLD], server.revocations);
    expect(await within(gone.closed, 2000, 'revoked app closed')).toEqual(REVOKED);
    kept.send({ typ: 'cog.event', content: { name: 'still-here', message: 'kept app event' } });
    await consoleGets('still-here: kept app event');
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    expect(server.registry.get('kept-app', WORLD)).toBeDefined();
    kept.ws.close();
  });
});
