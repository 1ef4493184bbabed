import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import { Client, openSocket, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ heartbeatMs: 200 });
  admin = new Client(server.url);
  await admin.signIn();
});
afterAll(() => server.close());

function consoleOf(worldId: string) {
  return server.store.console.list(worldId);
}

describe('/api/ws/cog admission', () => {
  it('accepts a signed-in member of the world and says hello', async () => {
    const sock = openSocket(server, admin, 'acme_research');
    const hello = await sock.next('server.hello');
    expect(hello.content).toMatchObject({ version: '1.0.0', worldId: 'acme_research' });
    sock.ws.close();
  });

  it('closes with 4401 when not signed in', async () => {
    const sock = openSocket(server, new Client(server.url));
    expect(await sock.closed).toEqual({ code: CLOSE_NOT_SIGNED_IN, reason: 'Not signed in' });
  });

  it('closes with 4403 for an unknown world and for a world the user may not enter', async () => {
    const unknown = openSocket(server, admin, 'no-such-world');
    expect(await unknown.closed).toEqual({
      code: CLOSE_WORLD_FORBIDDEN,
      reason: 'Unknown world "no-such-world"',
    });

    await server.store.users.create({
      email: 'outsider@test.local',
      name: 'Outsider',
      passwordHash: await hashPassword('outsider-password'),
    });
    const outsider = new Client(server.url);
    expect((await outsider.signIn('outsider@test.local', 'outsider-password')).status).toBe(200);
    const sock = openSocket(server, outsider, 'innovation-lab');
    expect(await sock.closed).toEqual({
      code: CLOSE_WORLD_FORBIDDEN,
      reason: 'You do not have access to world "innovation-lab"',
    });
  });
});

describe('frames', () => {
  it('asks the browser for its apps 500 ms after client.hello', async () => {
    const sock = openSocket(server, admin);
    await sock.next('server.hello');
    const sentAt = Date.now();
    sock.send({ typ: 'client.hello', content: { version: '1.0.0' } });
    await sock.next('cog.apps');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(450);
    sock.send({ typ: 'cog.apps.response', content: { apps: [] } });
    sock.ws.close();
  });

  it('keeps context values per connection', async () => {
    const sock = openSocket(server, admin);
    await sock.next('server.hello');
    sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: 'w1' } });
    sock.send({ typ: 'client.hello', content: {} });
    await sock.next('cog.apps');
    const conn = server.hub
      .connections('innovation-lab')
      .find((c) => c.context.has('workspace_id'));
    expect(conn?.context.get('workspace_id')).toBe('w1');
    sock.ws.close();
  });

  const bad: [string, string | Buffer, RegExp][] = [
    ['malformed JSON', '{"typ": "client.hello", ', /^Malformed JSON/],
    ['a frame without typ', JSON.stringify({ content: {} }), /^Invalid frame: typ/],
    [
      'an unknown typ',
      JSON.stringify({ typ: 'no.such.thing', content: {} }),
      /^Unknown message type "no.such.thing"/,
    ],
    [
      'wrong field types',
      JSON.stringify({ typ: 'user.message', content: { text: 42 } }),
      /^Invalid user.message: text/,
    ],
    [
      'a frame over 1 MiB',
      JSON.stringify({ typ: 'user.message', content: { text: 'x'.repeat(1024 * 1024 + 10) } }),
      /^Frame larger than 1048576 bytes/,
    ],
    ['a binary frame', Buffer.from([1, 2, 3]), /^Binary frames are not accepted/],
  ];
  for (const [what, raw, reason] of bad) {
    it(`answers ${what} with an error frame and a console entry, and stays up`, async () => {
      const sock = openSocket(server, admin);
      await sock.next('server.hello');
      const before = (await consoleOf('innovation-lab')).length;
      sock.ws.send(raw);
      const error = await sock.next('server.error');
      expect(error.content.error).toMatch(reason);
      // The entry is written in the background of the answer.
      await expect.poll(async () => (await consoleOf('innovation-lab')).length).toBe(before + 1);
      const entries = await consoleOf('innovation-lab');
      expect(entries.at(-1)).toMatchObject({ app_name: 'emgen', from: 'hub.warning' });
      expect(entries.at(-1)!.message).toMatch(reason.source.replace(/^\^/, '').slice(0, 10));
      // Still connected: a valid request is answered afterwards.
      sock.send({ typ: 'client.hello', content: {} });
      await sock.next('cog.apps');
      expect(sock.ws.readyState).toBe(sock.ws.OPEN);
      sock.ws.close();
    });
  }

  it('returns the request id of a refused request', async () => {
    const sock = openSocket(server, admin);
    await sock.next('server.hello');
    sock.send({ typ: 'workspace.expert.add', content: {}, requestid: 'req-7' });
    const error = await sock.next('server.error');
    expect(error.request_id).toBe('req-7');
    expect(error.envelope.requestId).toBe('req-7');
    sock.ws.close();
  });
});

describe('heartbeat', () => {
  it('sends server.heartbeat with the time and pings', async () => {
    const sock = openSocket(server, admin);
    let pinged = false;
    sock.ws.on('ping', () => (pinged = true));
    const beat = await sock.next('server.heartbeat', 2000);
    expect(new Date(beat.content.time).getTime()).toBeGreaterThan(0);
    expect(pinged).toBe(true);
    sock.ws.close();
  });

  it('sends frames for many sockets (an audience, the heartbeat) as text, as browsers read them', async () => {
    const socks = [openSocket(server, admin), openSocket(server, admin)];
    await Promise.all(socks.map((s) => s.next('server.hello')));
    const kinds: [string, boolean][] = [];
    for (const s of socks)
      s.ws.on('message', (data, isBinary) => {
        const { typ } = JSON.parse(data.toString()) as { typ: string };
        if (typ === 'server.heartbeat' || typ === 'flash.message') kinds.push([typ, isBinary]);
      });
    server.hub.broadcast('innovation-lab', 'flash.message', { text: 'to everyone' });
    await Promise.all(socks.map((s) => s.next('flash.message', 2000)));
    await Promise.all(socks.map((s) => s.next('server.heartbeat', 2000)));
    expect(kinds).toContainEqual(['flash.message', false]);
    expect(kinds).toContainEqual(['server.heartbeat', false]);
    expect(kinds.every(([, isBinary]) => !isBinary)).toBe(true);
    for (const s of socks) s.ws.close();
  });

  it('closes a socket that stops answering pings', async () => {
    const sock = openSocket(server, admin);
    await sock.next('server.hello');
    // Stop the client's automatic pong by pausing the underlying stream.
    (sock.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const newest = () => Math.max(...server.hub.connections().map((c) => c.id));
    const mine = newest();
    await new Promise((r) => setTimeout(r, 700));
    expect(server.hub.connections().some((c) => c.id === mine)).toBe(false);
  });
});
