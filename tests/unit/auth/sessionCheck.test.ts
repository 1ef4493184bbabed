import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSessionCheck } from '../../../src/features/auth/sessionCheck';
import { SESSION, json, makeTestStore, stubFetch } from '../testStore';

afterEach(() => vi.unstubAllGlobals());

describe('the session check started by the signed-in routes’ loader', () => {
  it('asks POST /api/user once, and the auth slice takes the answer', async () => {
    const seen = stubFetch(() => json(200, SESSION));
    const { store } = makeTestStore();
    startSessionCheck(store);
    // Asked again while the first is on its way (a second loader run, RequireAuth): nothing new.
    startSessionCheck(store);
    expect(store.getState().auth.status).toBe('checking');
    await vi.waitFor(() => expect(store.getState().auth.status).toBe('ok'));
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/user']);
    // Known now: a later navigation asks nothing; the mutation's entry is not kept.
    startSessionCheck(store);
    expect(seen).toHaveLength(1);
    expect(Object.keys(store.getState().api.mutations)).toEqual([]);
  });

  it('a 401 leaves the session unauthorized, with the login URL, for RequireAuth to act on', async () => {
    stubFetch(() => json(401, { status: 'unauthorized', login_url: '/portal' }));
    const { store } = makeTestStore();
    startSessionCheck(store);
    await vi.waitFor(() => expect(store.getState().auth.status).toBe('unauthorized'));
    expect(store.getState().auth.loginUrl).toBe('/portal');
  });
});
