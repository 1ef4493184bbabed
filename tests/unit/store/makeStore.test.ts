import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { makeTestStore } from '../testStore';

describe('makeStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts signed out and idle, with every slice present', () => {
    const { store } = makeTestStore();
    const state = store.getState();
    expect(state.auth).toMatchObject({ loggedin: false, status: 'unknown' });
    expect(state.connection.status).toBe('idle');
    expect(state.flash.current).toBeNull();
    expect(state.api).toBeDefined();
  });

  it('accepts preloaded state', () => {
    const { store } = makeTestStore({
      auth: { ...initialAuthState, loggedin: true, status: 'ok', activeWorld: 'w1' },
    });
    expect(store.getState().auth.activeWorld).toBe('w1');
  });

  it('answers the server asking for its apps with cog.apps.response', () => {
    const { store, sockets } = makeTestStore();
    store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
    const socket = sockets.last();
    socket.serverOpen();
    socket.serverSend(JSON.stringify({ typ: 'server.hello', content: { version: '1.0.0' } }));
    socket.serverSend(JSON.stringify({ typ: 'cog.apps', content: {} }));
    const typs = socket.frames().map((f) => f.typ);
    expect(typs).toEqual(['client.hello', 'cog.apps.response']);
    expect(socket.frames()[1]!.content).toEqual({ apps: [] });
    expect(store.getState().connection).toMatchObject({
      status: 'connected',
      readyWorldId: 'innovation-lab',
      serverVersion: '1.0.0',
    });
  });

  it('keeps a world ready only until a different world is requested', () => {
    const { store, sockets } = makeTestStore();
    store.dispatch(cogConnectRequested({ worldId: 'a' }));
    sockets.last().serverOpen();
    expect(store.getState().connection.readyWorldId).toBe('a');
    store.dispatch(cogConnectRequested({ worldId: 'b' }));
    expect(store.getState().connection.readyWorldId).toBeNull();
  });
});
