import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../../src/features/auth/authApi';
import { pageBecameVisible } from '../../../src/features/auth/authEvents';
import { cogIn } from '../../../src/ws/cogActions';
import { SESSION, json, makeTestStore, stubFetch } from '../testStore';

const userChecks = (seen: Request[]) => seen.filter((r) => r.url.endsWith('/api/user')).length;

describe('session re-checks (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('re-checks every 5 minutes while signed in', async () => {
    const seen = stubFetch(() => json(200, SESSION));
    const { store } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    expect(userChecks(seen)).toBe(1);
    await vi.advanceTimersByTimeAsync(4 * 60_000 + 59_000);
    expect(userChecks(seen)).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(userChecks(seen)).toBe(2);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(userChecks(seen)).toBe(3);
  });

  it('stops the timer at sign-out and clears the user', async () => {
    const seen = stubFetch((req) =>
      req.url.endsWith('/api/signout') ? json(200, { status: 'ok' }) : json(200, SESSION),
    );
    const { store } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    await store.dispatch(authApi.endpoints.signOut.initiate());
    expect(store.getState().auth).toMatchObject({ loggedin: false, user: null });
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(userChecks(seen)).toBe(1);
  });

  it("marks the session 'expired' when a periodic check fails, and stops", async () => {
    let alive = true;
    const seen = stubFetch(() =>
      alive ? json(200, SESSION) : json(401, { status: 'unauthorized', login_url: '/portal' }),
    );
    const { store } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    alive = false;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(store.getState().auth).toMatchObject({ loggedin: false, status: 'expired', user: null });
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(userChecks(seen)).toBe(2);
  });

  it('re-checks when the page becomes visible, only while signed in', async () => {
    const seen = stubFetch(() => json(200, SESSION));
    const { store } = makeTestStore();
    store.dispatch(pageBecameVisible());
    await vi.advanceTimersByTimeAsync(0);
    expect(userChecks(seen)).toBe(0);
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    store.dispatch(pageBecameVisible());
    await vi.advanceTimersByTimeAsync(0);
    expect(userChecks(seen)).toBe(2);
  });
});

describe('access changed by an administrator (issue 21)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the user again when user.access.changed arrives, so the switcher shows a granted world', async () => {
    let worlds = [{ world_id: 'innovation-lab', name: 'Innovation Lab' }];
    const seen = stubFetch(() => json(200, { ...SESSION, accessible_worlds: worlds }));
    const { store } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    expect(store.getState().auth.accessibleWorlds).toHaveLength(1);
    worlds = [...worlds, { world_id: 'acme_research', name: 'Acme Research' }];
    store.dispatch(cogIn('user.access.changed')({ typ: 'user.access.changed', content: {} }));
    await vi.waitFor(() => expect(store.getState().auth.accessibleWorlds).toHaveLength(2));
    expect(userChecks(seen)).toBe(2);
  });

  it('remembers whether the user is a global administrator, and forgets it at sign-out', async () => {
    stubFetch((req) =>
      req.url.endsWith('/api/signout')
        ? json(200, { status: 'ok' })
        : json(200, { ...SESSION, global_admin: true }),
    );
    const { store } = makeTestStore();
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    expect(store.getState().auth.globalAdmin).toBe(true);
    await store.dispatch(authApi.endpoints.signOut.initiate());
    expect(store.getState().auth.globalAdmin).toBe(false);
  });
});
