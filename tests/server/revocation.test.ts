import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../protocol';
import { openAudioSocket } from './dictation/helpers';
import {
  Client,
  openSocket,
  startTestServer,
  storeLocation,
  type TestServer,
  type TestSocket,
} from './harness';
import {
  WORKSPACE,
  WORLD,
  newMember,
  settle,
  usersCli,
  usersProcess,
  within,
} from './revocationHelpers';
import { withStoreDatabase } from '../support/storeDatabase';

const SIGNED_OUT = { code: CLOSE_NOT_SIGNED_IN, reason: 'Not signed in' };
const FORBIDDEN = {
  code: CLOSE_WORLD_FORBIDDEN,
  reason: `You do not have access to world "${WORLD}"`,
};

async function cogSocket(server: TestServer, client: Client): Promise<TestSocket> {
  const sock = openSocket(server, client, WORLD);
  await sock.next('server.hello');
  return sock;
}

async function audioSocket(server: TestServer, client: Client) {
  const audio = openAudioSocket(server, client, WORLD);
  await audio.opened;
  return audio;
}

/** The socket still handles frames: an unknown typ is answered with an error frame. */
async function stillServed(sock: TestSocket): Promise<void> {
  sock.send({ typ: 'no.such.typ', content: {} });
  expect((await sock.next('server.error')).content.error).toBe(
    'Unknown message type "no.such.typ"',
  );
}

/**
 * A sweep this long never fires during a test: whatever closes a socket here
 * is the published revocation or the check before a frame.
 */
describe('changes made in this process reach open sockets at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ accessSweepMs: 600_000 });
  });
  afterAll(() => server.close());

  it('sign-out closes the cog and audio sockets of that session with 4401; other sessions stay', async () => {
    const ann = await newMember(server);
    const elsewhere = new Client(server.url);
    await elsewhere.signIn(ann.email, ann.password);
    const cog = await cogSocket(server, ann.client);
    const audio = await audioSocket(server, ann.client);
    const other = await cogSocket(server, elsewhere);

    const out = await ann.client.request('POST', '/api/signout');
    expect(out.status).toBe(200);
    expect(await within(cog.closed, 2000, 'cog socket closed')).toEqual(SIGNED_OUT);
    expect(await within(audio.closed, 2000, 'audio socket closed')).toEqual(SIGNED_OUT);

    await stillServed(other);
    other.ws.close();
  });

  it('signing in again rotates the session: sockets of the old one close with 4401', async () => {
    const bo = await newMember(server);
    const cog = await cogSocket(server, bo.client);
    await bo.client.signIn(bo.email, bo.password);
    expect(await within(cog.closed, 2000, 'old session socket closed')).toEqual(SIGNED_OUT);
    const fresh = await cogSocket(server, bo.client);
    await stillServed(fresh);
    fresh.ws.close();
  });

  it('a world revoked by the CLI with the server told closes only that world with 4403', async () => {
    const cy = await newMember(server, [WORLD, 'acme_research']);
    const cog = await cogSocket(server, cy.client);
    const audio = await audioSocket(server, cy.client);
    const acme = openSocket(server, cy.client, 'acme_research');
    await acme.next('server.hello');

    await usersCli(server, ['revoke', cy.email, WORLD], server.revocations);
    expect(await within(cog.closed, 2000, 'cog socket closed')).toEqual(FORBIDDEN);
    expect(await within(audio.closed, 2000, 'audio socket closed')).toEqual(FORBIDDEN);
    await stillServed(acme);
    acme.ws.close();
  });

  it('a user.message sent after a password change elsewhere is refused and never stored', async () => {
    const di = await newMember(server);
    const cog = await cogSocket(server, di.client);
    cog.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
    cog.send({ typ: 'user.message', content: { text: 'before the change' } });
    expect((await cog.next('user.echo')).content).toMatchObject({
      content: 'before the change',
    });
    const stored = async () =>
      (await server.store.transcripts.messages(WORKSPACE)).map((m) => m.content);
    expect(await stored()).toContain('before the change');

    // Another process: its own connection to the database, and the server not told.
    await usersCli(server, ['set-password', di.email, '--password', 'changed-password-1']);
    cog.send({ typ: 'user.message', content: { text: 'after the change' } });

    expect(await within(cog.closed, 2000, 'socket closed at the next frame')).toEqual(SIGNED_OUT);
    await settle();
    expect(await stored()).not.toContain('after the change');
    expect(cog.frames.filter((f) => JSON.stringify(f).includes('after the change'))).toEqual([]);
  });

  it('a frame to a world revoked elsewhere closes the socket with 4403 and is not handled', async () => {
    const ed = await newMember(server);
    const cog = await cogSocket(server, ed.client);
    await usersCli(server, ['revoke', ed.email, WORLD]);
    cog.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: WORKSPACE } });
    cog.send({ typ: 'user.message', content: { text: 'into a revoked world' } });
    expect(await within(cog.closed, 2000, 'socket closed at the next frame')).toEqual(FORBIDDEN);
    expect(
      (await server.store.transcripts.messages(WORKSPACE)).map((m) => m.content),
    ).not.toContain('into a revoked world');
  });
});

describe('changes made by another process reach idle sockets within the sweep', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ accessSweepMs: 250 });
  });
  afterAll(() => server.close());

  it('set-password ends the sessions: idle cog and audio sockets close with 4401', async () => {
    const fay = await newMember(server);
    const cog = await cogSocket(server, fay.client);
    const audio = await audioSocket(server, fay.client);
    await usersCli(server, ['set-password', fay.email, '--password', 'changed-password-1']);
    expect(await within(cog.closed, 5000, 'cog socket closed')).toEqual(SIGNED_OUT);
    expect(await within(audio.closed, 5000, 'audio socket closed')).toEqual(SIGNED_OUT);
  });

  it('npm run users -- revoke (a real process) closes idle sockets with 4403', async () => {
    const gus = await newMember(server);
    const cog = await cogSocket(server, gus.client);
    const audio = await audioSocket(server, gus.client);
    expect(await usersProcess(server, ['revoke', gus.email, WORLD])).toContain(
      `${gus.email} may no longer enter ${WORLD}.`,
    );
    expect(await within(cog.closed, 5000, 'cog socket closed')).toEqual(FORBIDDEN);
    expect(await within(audio.closed, 5000, 'audio socket closed')).toEqual(FORBIDDEN);
  });

  it('a session that expires closes its socket with 4401', async () => {
    const hal = await newMember(server);
    const cog = await cogSocket(server, hal.client);
    // The session's end comes: its expiry time is now past.
    await withStoreDatabase(storeLocation(server.dataDir), (db) =>
      db.q
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', hal.userId)
        .execute(),
    );
    expect(await within(cog.closed, 5000, 'socket closed')).toEqual(SIGNED_OUT);
  });

  it('keeps sockets whose access holds', async () => {
    const ivy = await newMember(server);
    const cog = await cogSocket(server, ivy.client);
    await settle(1000); // several sweeps
    await stillServed(cog);
    cog.ws.close();
  });
});
