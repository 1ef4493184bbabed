import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../../../src/api/baseApi';
import { authenticationFailed } from '../../../src/features/auth/authActions';
import { authApi } from '../../../src/features/auth/authApi';
import { addAppListener } from '../../../src/store/listenerMiddleware';
import { json, makeTestStore, stubFetch } from '../testStore';

// A probe endpoint standing for "any call other than auth and user".
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

describe('the base API', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/w/acme_research/dashboard');
    document.cookie = 'emgen_csrf=token-123; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends version, browser id, the world id from the URL and the CSRF token', async () => {
    const seen = stubFetch(() => json(200, { status: 'ok', user: { name: 'A', email: 'a@x' } }));
    const store = makeTestStore().store;
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    const headers = seen[0]!.headers;
    expect(seen[0]!.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/user');
    expect(headers.get('X-Client-Version')).toBe('1.0.0');
    expect(headers.get('X-Browser-Id')).toMatch(/\S{8,}/);
    expect(headers.get('X-World-Id')).toBe('acme_research');
    expect(headers.get('X-CSRF-Token')).toBe('token-123');
    expect(store.getState().auth).toMatchObject({ loggedin: true, status: 'ok' });
  });

  it('treats a 401 from any other call as the end of the session', async () => {
    stubFetch(() => json(401, { status: 'error', error: 'Not signed in' }));
    const store = makeTestStore().store;
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(store.getState().auth.status).toBe('unauthorized');
  });

  it('lets the user check answer 401 without the failure action, keeping its login URL', async () => {
    stubFetch(() => json(401, { status: 'unauthorized', login_url: '/portal' }));
    const store = makeTestStore().store;
    const failures: unknown[] = [];
    const unsubscribe = store.dispatch(
      addAppListener({ actionCreator: authenticationFailed, effect: (a) => void failures.push(a) }),
    );
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    unsubscribe();
    expect(store.getState().auth).toMatchObject({ status: 'unauthorized', loginUrl: '/portal' });
    expect(failures).toEqual([]);
  });
});
