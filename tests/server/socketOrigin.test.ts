import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AUDIO_SOCKET_PATH, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import type { Config } from '../../server/config';
import { Client, startTestServer, type TestServer } from './harness';
import { WORLD, settle } from './revocationHelpers';

const REFUSED = { code: CLOSE_WORLD_FORBIDDEN, reason: 'Origin not allowed' };

/**
 * A browser socket as a page of `origin` opens it, with the signed-in
 * user's cookie (the browser adds it whatever page asks): what it received
 * until it closed or, when it stays open, the first frame.
 */
async function socketFrom(
  server: TestServer,
  client: Client,
  origin: string | undefined,
  opts: { path?: string; headers?: Record<string, string> } = {},
): Promise<{ frames: any[]; closed?: { code: number; reason: string } }> {
  const path = opts.path ?? '/api/ws/cog';
  const ws = new WebSocket(`${server.wsUrl}${path}?browser=b&worldId=${WORLD}&version=1.0.0`, {
    headers: {
      cookie: client.cookieHeader,
      ...(origin === undefined ? {} : { origin }),
      ...opts.headers,
    },
  });
  const frames: any[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const isAudio = path.endsWith(AUDIO_SOCKET_PATH);
  const first = isAudio
    ? new Promise<void>((resolve) => ws.once('open', () => resolve()))
    : new Promise<void>((resolve) => ws.once('message', () => resolve()));
  const outcome = await Promise.race([closed, first.then(() => settle(200)).then(() => undefined)]);
  if (outcome) return { frames, closed: outcome };
  ws.close();
  return { frames };
}

async function serverWith(overrides: Partial<Config>, opts: { port?: number } = {}) {
  const server = await startTestServer(overrides, opts);
  const admin = new Client(server.url);
  await admin.signIn();
  return { server, admin };
}

describe('socket Origin check without PUBLIC_URL: the request’s own host', () => {
  let server: TestServer;
  let admin: Client;
  let port: string;
  beforeAll(async () => {
    ({ server, admin } = await serverWith({ ALLOWED_ORIGINS: ['http://dev.example.test:5173'] }));
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());

  it('accepts a page of the same origin, and one listed in ALLOWED_ORIGINS', async () => {
    const same = await socketFrom(server, admin, `http://127.0.0.1:${port}`);
    expect(same.closed).toBeUndefined();
    expect(same.frames[0]).toMatchObject({ typ: 'server.hello' });
    const listed = await socketFrom(server, admin, 'http://dev.example.test:5173');
    expect(listed.frames[0]).toMatchObject({ typ: 'server.hello' });
  });

  it.each([
    ['another host name on the same port', (p: string) => `http://evil.localhost:${p}`],
    ['another port of the same host', () => 'http://127.0.0.1:1'],
    ['https on a port that is not the server’s', () => 'https://127.0.0.1'],
    ['an opaque origin (sandboxed frame, file)', () => 'null'],
    ['garbage', () => 'not an origin'],
  ])('refuses %s with 4403 and sends it nothing', async (_what, origin) => {
    const refused = await socketFrom(server, admin, origin(port));
    expect(refused.closed).toEqual(REFUSED);
    expect(refused.frames).toEqual([]);
  });

  it('refuses a cross-origin audio socket the same way', async () => {
    const refused = await socketFrom(server, admin, `http://evil.localhost:${port}`, {
      path: AUDIO_SOCKET_PATH,
    });
    expect(refused.closed).toEqual(REFUSED);
    const same = await socketFrom(server, admin, `http://127.0.0.1:${port}`, {
      path: AUDIO_SOCKET_PATH,
    });
    expect(same.closed).toBeUndefined();
  });

  it('does not take X-Forwarded-Host without TRUST_PROXY', async () => {
    const forged = await socketFrom(server, admin, 'http://evil.example.test', {
      headers: { 'x-forwarded-host': 'evil.example.test' },
    });
    expect(forged.closed).toEqual(REFUSED);
  });

  it('lets a client that sends no Origin (no browser: it holds the cookie itself) in', async () => {
    const script = await socketFrom(server, admin, undefined);
    expect(script.frames[0]).toMatchObject({ typ: 'server.hello' });
  });
});

describe('socket Origin check behind a proxy (TRUST_PROXY, no PUBLIC_URL)', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ({ server, admin } = await serverWith({ TRUST_PROXY: true }));
  });
  afterAll(() => server.close());

  it('takes the page’s host from X-Forwarded-Host', async () => {
    const proxied = await socketFrom(server, admin, 'https://emgen.proxy.test', {
      headers: { 'x-forwarded-host': 'emgen.proxy.test', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.frames[0]).toMatchObject({ typ: 'server.hello' });
    const other = await socketFrom(server, admin, 'https://evil.proxy.test', {
      headers: { 'x-forwarded-host': 'emgen.proxy.test' },
    });
    expect(other.closed).toEqual(REFUSED);
  });
});

describe('socket Origin check with PUBLIC_URL', () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ({ server, admin } = await serverWith({
      PUBLIC_URL: 'https://app.emgen.test',
      ALLOWED_ORIGINS: ['https://chat.emgen.test'],
    }));
  });
  afterAll(() => server.close());

  it('accepts PUBLIC_URL’s origin and ALLOWED_ORIGINS', async () => {
    expect((await socketFrom(server, admin, 'https://app.emgen.test')).frames[0]).toMatchObject({
      typ: 'server.hello',
    });
    expect((await socketFrom(server, admin, 'https://chat.emgen.test')).frames[0]).toMatchObject({
      typ: 'server.hello',
    });
  });

  it.each([
    ['a sibling subdomain', 'https://evil.emgen.test'],
    ['the same host over http', 'http://app.emgen.test'],
    ['another port of the same host', 'https://app.emgen.test:8443'],
    ['the host the request was sent to', 'http://127.0.0.1'],
  ])('refuses %s with 4403', async (_what, origin) => {
    const refused = await socketFrom(server, admin, origin);
    expect(refused.closed).toEqual(REFUSED);
    expect(refused.frames).toEqual([]);
  });
});
