import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../src/features/auth/authApi';
import { worldSwitchRequested } from '../../../src/features/world/worldSlice';
import { cogConnectRequested } from '../../../src/ws/cogActions';
import { SESSION, json, makeTestStore, stubFetch } from '../testStore';

describe('world switch saga (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/w/innovation-lab/dashboard');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('disconnects, opens the new dashboard, refreshes the user, reconnects after 100 ms', async () => {
    const seen = stubFetch((req) =>
      json(200, {
        ...SESSION,
        active_world: req.headers.get('X-World-Id') ?? SESSION.active_world,
      }),
    );
    const { store, sockets, navigations, types } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    store.dispatch(cogConnectRequested({ worldId: 'innovation-lab' }));
    sockets.last().serverOpen();
    const before = types().length;

    store.dispatch(worldSwitchRequested({ worldId: 'acme_research' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(navigations).toEqual(['/w/acme_research/dashboard']);
    expect(seen.at(-1)!.headers.get('X-World-Id')).toBe('acme_research');
    expect(store.getState().world.switchingTo).toBe('acme_research');
    expect(store.getState().connection.status).toBe('disconnected');

    await vi.advanceTimersByTimeAsync(99);
    expect(types().slice(before)).not.toContain('cog/connectRequested');
    await vi.advanceTimersByTimeAsync(1);
    const sequence = types()
      .slice(before)
      .filter(
        (t) =>
          t.startsWith('world/') || t.startsWith('cog/connect') || t === 'cog/disconnectRequested',
      );
    expect(sequence).toEqual([
      'world/switchRequested',
      'world/worldSwitchStarted',
      'cog/disconnectRequested',
      'cog/connectRequested',
      'cog/connecting',
      'world/worldSwitchFinished',
    ]);
    expect(sockets.last().url).toContain('worldId=acme_research');
    expect(store.getState().auth.activeWorld).toBe('acme_research');

    sockets.last().serverOpen();
    await vi.advanceTimersByTimeAsync(500);
    expect(store.getState().world.switchingTo).toBeNull();
    expect(types()).toContain('world/switchDiagnosed');
  });
});
