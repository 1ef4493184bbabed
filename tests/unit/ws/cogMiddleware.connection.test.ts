import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cogConnectRequested,
  cogContextSet,
  cogDisconnectRequested,
  cogInitRegistered,
  cogSend,
} from '../../../src/ws/cogActions';
import { CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON } from '../../../protocol';
import {
  TEST_BROWSER_ID,
  connectedCogTestStore,
  makeCogTestStore,
  testUrlFor,
} from './cogTestStore';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cog middleware: connect, handshake and queue', () => {
  it('sends context, hello, init, then queued frames in order, each reported as cog/out', () => {
    const t = makeCogTestStore();
    const { store } = t;
    store.dispatch(cogContextSet({ key: 'workspace', value: 'ws-1' }));
    store.dispatch(cogContextSet({ key: 'lang', value: { code: 'en' } }));
    store.dispatch(
      cogInitRegistered({
        key: 'chat',
        frames: [
          { typ: 'display.experts', content: {} },
          { typ: 'display.messages', content: {} },
        ],
      }),
    );
    store.dispatch(cogSend('user.message', { text: 'first' }));
    store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    store.dispatch(cogSend('user.message', { text: 'second' }));

    const socket = t.sockets.last();
    expect(socket.url).toBe(testUrlFor('w1'));
    expect(socket.sent).toEqual([]);
    expect(store.getState().connection.status).toBe('connecting');

    socket.serverOpen();

    const written = socket.frames().map((f) => [f.typ, f.content]);
    expect(written).toEqual([
      ['scontext.set', { key: 'workspace', value: 'ws-1' }],
      ['scontext.set', { key: 'lang', value: { code: 'en' } }],
      ['client.hello', { version: '1.0.0' }],
      ['display.experts', {}],
      ['display.messages', {}],
      ['user.message', { text: 'first' }],
      ['user.message', { text: 'second' }],
    ]);
    expect(socket.frames().every((f) => f.envelope?.browserID === TEST_BROWSER_ID)).toBe(true);

    expect(t.types()).toEqual([
      'cog/contextSet',
      'cog/contextSet',
      'cog/initRegistered',
      'cog/send',
      'cog/connectRequested',
      'cog/connecting',
      'cog/send',
      'cog/connected',
      'cog/out/scontext.set',
      'cog/out/scontext.set',
      'cog/out/client.hello',
      'cog/out/display.experts',
      'cog/out/display.messages',
      'cog/out/user.message',
      'cog/out/user.message',
    ]);
    // Each cog/out carries the frame exactly as written.
    const outs = t.actions.filter((a) => a.type.startsWith('cog/out/'));
    expect(outs.map((a) => (a as unknown as { payload: unknown }).payload)).toEqual(
      socket.frames(),
    );
    expect(t.actions[5]).toMatchObject({ payload: { url: testUrlFor('w1'), attempt: 0 } });
    expect(store.getState().connection).toMatchObject({ status: 'connected', worldId: 'w1' });
  });

  it('writes at once while connected, and sends new context and init frames immediately', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    t.clear();

    t.store.dispatch(cogSend('user.message', { text: 'now' }));
    t.store.dispatch(cogContextSet({ key: 'k', value: 1 }));
    t.store.dispatch(
      cogInitRegistered({ key: 'p', frames: [{ typ: 'display.experts', content: {} }] }),
    );
    expect(t.types()).toEqual([
      'cog/send',
      'cog/out/user.message',
      'cog/contextSet',
      'cog/out/scontext.set',
      'cog/initRegistered',
      'cog/out/display.experts',
    ]);
  });

  it('bounds the queue at 1000 frames, dropping the oldest', () => {
    const t = makeCogTestStore();
    for (let i = 0; i < 1005; i++) t.store.dispatch(cogSend('user.message', { text: `m${i}` }));
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    const texts = t.sockets
      .last()
      .frames()
      .filter((f) => f.typ === 'user.message')
      .map((f) => (f.content as { text: string }).text);
    expect(texts).toHaveLength(1000);
    expect(texts[0]).toBe('m5');
    expect(texts[999]).toBe('m1004');
  });

  it('closes without retry on cogDisconnectRequested and drops the queue', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.store.dispatch(cogSend('user.message', { text: 'stale' }));
    t.clear();
    t.store.dispatch(cogDisconnectRequested());
    expect(t.sockets.last().closeCalls).toEqual([{ code: 1000, reason: 'Disconnect requested' }]);
    expect(t.actions).toEqual([
      { type: 'cog/disconnectRequested', payload: undefined },
      {
        type: 'cog/disconnected',
        payload: { code: 1000, reason: 'Disconnect requested', wasClean: true, willRetry: false },
      },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(1);

    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    expect(
      t.sockets
        .last()
        .frames()
        .map((f) => f.typ),
    ).toEqual(['client.hello']);
  });
});

describe('cog middleware: retry and world switch', () => {
  it('retries every 3 s up to 5 times, then gives up', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverClose(1006);
    const expected: unknown[] = [
      { type: 'cog/connectRequested', payload: { worldId: 'w1' } },
      { type: 'cog/connecting', payload: { url: testUrlFor('w1'), attempt: 0 } },
    ];
    for (let attempt = 1; attempt <= 5; attempt++) {
      expected.push(
        {
          type: 'cog/disconnected',
          payload: { code: 1006, reason: '', wasClean: false, willRetry: true },
        },
        { type: 'cog/retryScheduled', payload: { attempt, delayMs: 3000 } },
      );
      expect(t.actions).toEqual(expected);
      vi.advanceTimersByTime(2999);
      expect(t.sockets.instances).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(t.sockets.instances).toHaveLength(attempt + 1);
      expected.push({ type: 'cog/connecting', payload: { url: testUrlFor('w1'), attempt } });
      expect(t.store.getState().connection.attempt).toBe(attempt);
      t.sockets.last().serverClose(1006);
    }
    expected.push(
      {
        type: 'cog/disconnected',
        payload: { code: 1006, reason: '', wasClean: false, willRetry: false },
      },
      { type: 'cog/gaveUp', payload: { attempts: 5, reason: 'Connection closed (code 1006)' } },
    );
    expect(t.actions).toEqual(expected);
    expect(t.store.getState().connection.status).toBe('gaveUp');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(6);
  });

  it('resets the attempt counter after a successful connect', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverClose(1006);
    vi.advanceTimersByTime(3000);
    t.sockets.last().serverClose(1006);
    vi.advanceTimersByTime(3000);
    expect(t.store.getState().connection.attempt).toBe(2);
    t.sockets.last().serverOpen();
    expect(t.store.getState().connection).toMatchObject({ status: 'connected', attempt: 0 });
    t.clear();
    t.sockets.last().serverClose(1001, 'going away', true);
    expect(t.types()).toEqual(['cog/disconnected', 'cog/retryScheduled']);
    expect(t.actions[1]).toMatchObject({ payload: { attempt: 1, delayMs: 3000 } });
  });

  it('reconnects to a server that closed for a restart (1012), handshake and all', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogContextSet({ key: 'workspace_id', value: 'ws-1' }));
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.sockets.last().serverOpen();
    t.clear();
    t.sockets.last().serverClose(CLOSE_SERVER_RESTARTING, CLOSE_SERVER_RESTARTING_REASON, true);
    t.store.dispatch(cogSend('user.message', { text: 'sent while it restarts' }));
    expect(t.types()).toEqual(['cog/disconnected', 'cog/retryScheduled', 'cog/send']);
    vi.advanceTimersByTime(3000);
    expect(t.sockets.instances).toHaveLength(2);
    // Behind a balancer this is another instance: it hears the context again, then what waited.
    t.sockets.last().serverOpen();
    expect(
      t.sockets
        .last()
        .frames()
        .map((f) => f.typ),
    ).toEqual(['scontext.set', 'client.hello', 'user.message']);
  });

  it('closes a socket that has not opened after 8 s and retries', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.clear();
    vi.advanceTimersByTime(7999);
    expect(t.actions).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.sockets.last().closeCalls).toEqual([{ code: 4008, reason: 'Connect timeout' }]);
    expect(t.actions).toEqual([
      {
        type: 'cog/disconnected',
        payload: { code: 4008, reason: 'Connect timeout', wasClean: false, willRetry: true },
      },
      { type: 'cog/retryScheduled', payload: { attempt: 1, delayMs: 3000 } },
    ]);
  });

  it('disconnects and reconnects with the new URL when the world changes', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    const first = t.sockets.last();
    first.serverOpen();
    t.clear();

    t.store.dispatch(cogConnectRequested({ worldId: 'w1' })); // same world: nothing
    expect(t.types()).toEqual(['cog/connectRequested']);
    expect(t.sockets.instances).toHaveLength(1);
    t.clear();

    t.store.dispatch(cogConnectRequested({ worldId: 'w2' }));
    expect(first.closeCalls).toEqual([{ code: 1000, reason: 'World changed' }]);
    expect(t.actions).toEqual([
      { type: 'cog/connectRequested', payload: { worldId: 'w2' } },
      {
        type: 'cog/disconnected',
        payload: { code: 1000, reason: 'World changed', wasClean: true, willRetry: false },
      },
      { type: 'cog/connecting', payload: { url: testUrlFor('w2'), attempt: 0 } },
    ]);
    expect(t.sockets.last().url).toBe(testUrlFor('w2'));
    first.serverClose(1000, 'World changed', true); // the old socket's late event is ignored
    t.sockets.last().serverOpen();
    expect(t.types().slice(3)).toEqual(['cog/connected', 'cog/out/client.hello']);
    expect(t.store.getState().connection).toMatchObject({ status: 'connected', worldId: 'w2' });
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(2);
  });

  it('never retries 4401 and reports the authentication failure', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    t.clear();
    t.sockets.last().serverClose(4401, 'Not signed in', true);
    expect(t.actions).toEqual([
      {
        type: 'cog/disconnected',
        payload: { code: 4401, reason: 'Not signed in', wasClean: true, willRetry: false },
      },
      { type: 'cog/gaveUp', payload: { attempts: 0, reason: 'Not signed in' } },
      { type: 'auth/authenticationFailed', payload: undefined },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(1);
  });

  it('treats 4401 on a socket that was open (signed out elsewhere) like a refused admission', () => {
    const t = connectedCogTestStore();
    const socket = t.sockets.last();
    socket.serverClose(4401, 'Not signed in', true);
    expect(t.types()).toEqual(['cog/disconnected', 'cog/gaveUp', 'auth/authenticationFailed']);
    t.store.dispatch(cogSend('user.message', { text: 'after sign-out' }));
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(1);
    expect(socket.frames().map((f) => f.typ)).not.toContain('user.message');
    expect(t.store.getState().connection).toMatchObject({ status: 'gaveUp', lastCloseCode: 4401 });
  });

  it('never retries 4403', () => {
    const t = makeCogTestStore();
    t.store.dispatch(cogConnectRequested({ worldId: 'w9' }));
    t.sockets.last().serverOpen();
    t.clear();
    t.sockets.last().serverClose(4403, '', true);
    expect(t.actions).toEqual([
      {
        type: 'cog/disconnected',
        payload: { code: 4403, reason: '', wasClean: true, willRetry: false },
      },
      { type: 'cog/gaveUp', payload: { attempts: 0, reason: 'World forbidden' } },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets.instances).toHaveLength(1);
    expect(t.store.getState().connection).toMatchObject({ status: 'gaveUp', lastCloseCode: 4403 });
  });
});
