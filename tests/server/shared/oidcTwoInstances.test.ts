import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../protocol';
import { Client, startTestServer, type TestServer } from '../harness';
import { IdpBrowser, startTestIdp, type TestIdp } from '../oidcProvider';

/**
 * Two instances on one store behind one public address, as behind a balancer
 * without sticky sessions: an OIDC sign-in begun on A comes back to B and
 * signs in there; its state is then spent on every instance.
 */

const STATE_COOKIE = 'emgen_oidc_state';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The same browser (its cookies), talking to another instance. */
function sameBrowserOn(server: TestServer, client: Client): Client {
  const moved = new Client(server.url);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

describe('OIDC sign-in across two instances', () => {
  let idp: TestIdp;
  let dataDir: string;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-oidc-two-'));
    // A's address is the public one (the balancer's); the port is chosen before A listens.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      idp = await startTestIdp(`${publicUrl}/portal/callback`);
      const overrides = {
        oidcEnabled: true,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        PUBLIC_URL: publicUrl,
      };
      try {
        a = await startTestServer(overrides, { port, dataDir });
        b = await startTestServer(overrides, { dataDir });
        return;
      } catch (err) {
        await a?.close();
        await idp.close();
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
      }
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await idp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a sign-in begun on A completes on B, and its state cannot be used again on either', async () => {
    idp.accounts.set('frank', {
      sub: 'frank',
      email: 'frank@idp.test',
      email_verified: true,
      name: 'Frank Idp',
    });
    const onA = new Client(a.url);
    const begun = await onA.request('GET', '/portal/login?next=/w/innovation-lab/dashboard');
    expect(begun.status).toBe(302);
    const state = onA.cookies.get(STATE_COOKIE)!;
    expect(state).toBeTruthy();
    const back = await new IdpBrowser(idp).authorize(begun.headers.get('location')!, 'frank');

    // The provider sends the browser back; the balancer picks B.
    const onB = sameBrowserOn(b, onA);
    const done = await onB.request('GET', back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/w/innovation-lab/dashboard');
    expect(onB.cookies.has(SESSION_COOKIE)).toBe(true);
    const user = await onB.request('POST', '/api/user', { body: {} });
    expect(user.status).toBe(200);
    expect(user.body.user).toMatchObject({ email: 'frank@idp.test', name: 'Frank Idp' });

    // Replayed with the same state cookie, on the instance that began it and on the one that
    // finished it: refused by the pending sign-in being gone (not by the provider).
    for (const server of [a, b]) {
      const replayer = new Client(server.url);
      replayer.cookies.set(STATE_COOKIE, state);
      const replay = await replayer.request('GET', back.pathname + back.search);
      expect(replay.status).toBe(400);
      expect(replay.body).toContain(
        'This sign-in expired or was already used. Please sign in again.',
      );
      expect(replayer.cookies.has(SESSION_COOKIE)).toBe(false);
    }
  });

  it('two callbacks racing with one state on A and on B: one signs in, the other is refused', async () => {
    idp.accounts.set('grace', {
      sub: 'grace',
      email: 'grace@idp.test',
      email_verified: true,
      name: 'Grace Idp',
    });
    const onA = new Client(a.url);
    const begun = await onA.request('GET', '/portal/login');
    const back = await new IdpBrowser(idp).authorize(begun.headers.get('location')!, 'grace');
    const onB = sameBrowserOn(b, onA);
    const answers = await Promise.all(
      [onA, onB].map((c) => c.request('GET', back.pathname + back.search)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(refused.body).toContain('expired or was already used');
  });
});
