import type { Action, StoreEnhancer } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDevToolsOptions } from '../../../src/store/devtools';
import { loadRemoteDevToolsEnhancer } from '../../../src/store/remoteDevTools';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { makeTestStore } from '../testStore';

const remote = vi.hoisted(() => ({ options: [] as Record<string, unknown>[] }));

// The real package opens a socket; here it only records what it was given.
vi.mock('@redux-devtools/remote', () => ({
  devToolsEnhancer: (options: Record<string, unknown>) => {
    remote.options.push(options);
    const enhancer: StoreEnhancer = (next) => next;
    return enhancer;
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  remote.options.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('remote Redux DevTools', () => {
  it('configures the remote enhancer with the target and the same DevTools options', async () => {
    const options = makeDevToolsOptions({ maxAge: 5000, hideHeartbeats: true });
    await loadRemoteDevToolsEnhancer({ hostname: 'devbox', port: 8000, secure: false }, options);
    expect(remote.options).toHaveLength(1);
    const given = remote.options[0]!;
    expect(given).toMatchObject({
      name: 'EMgen',
      hostname: 'devbox',
      port: 8000,
      secure: false,
      realtime: true,
      maxAge: 5000,
      actionsDenylist: options.actionsDenylist,
    });
    // The same sanitizers as the extension's: base64 is shortened before it leaves the browser.
    expect(given.actionSanitizer).toBe(options.actionSanitizer);
    expect(given.stateSanitizer).toBe(options.stateSanitizer);
    const sanitize = given.actionSanitizer as (a: Action & { payload: unknown }) => unknown;
    expect(sanitize({ type: 'x', payload: 'QUJD'.repeat(300) })).toEqual({
      type: 'x',
      payload: '<<base64, 1200 chars>>',
    });
  });

  it('is wrapped around the real store, which sees every action through it', () => {
    const seen: string[] = [];
    const watching: StoreEnhancer = (next) => (reducer, preloaded) => {
      const store = next(reducer, preloaded);
      return {
        ...store,
        dispatch: ((action: Action) => {
          seen.push(action.type);
          return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
        }) as typeof store.dispatch,
      };
    };
    const { store, sockets } = makeTestStore(undefined, { enhancers: [watching] });
    store.dispatch(cogConnectRequested({ worldId: 'w1' }));
    sockets.last().serverOpen();
    sockets.last().serverSend('{"typ":"server.hello","content":{"version":"1.0.0"}}');
    expect(seen).toEqual(
      expect.arrayContaining([
        'cog/connectRequested',
        'cog/connecting',
        'cog/connected',
        'cog/out/client.hello',
        'cog/in/server.hello',
      ]),
    );
    expect(store.getState().connection.serverVersion).toBe('1.0.0');
  });
});
