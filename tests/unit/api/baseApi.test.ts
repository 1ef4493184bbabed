import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../../../src/api/baseApi';
import { authenticationFailed } from '../../../src/features/auth/authActions';
import { authApi } from '../../../src/features/auth/authApi';
import { addAppListener } from '../../../src/store/listenerMiddleware';
import { makeStore } from '../../../src/store/store';
import { fakeSockets } from '../ws/fakeWebSocket';

/** The network edge: every request the app makes is recorded and answered here. */
function stubFetch(answer: (req: Request) => Response) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      seen.push(req);
      return answer(req);
    }),
  );
  return seen;
}

function storeWithFakeSocket() {
  const sockets = fakeSockets();
  return makeStore(undefined, {
    cog: {
      WebSocketImpl: sockets.WebSocketImpl,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      urlFor: (w) => `ws://emgen.test/${w}`,
      browserId: () => 'b-1',
    },
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
    const store = storeWithFakeSocket();
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
    const store = storeWithFakeSocket();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(store.getState().auth.status).toBe('unauthorized');
  });

  it('lets the user check answer 401 without the failure action, keeping its login URL', async () => {
    stubFetch(() => json(401, { status: 'unauthorized', login_url: '/portal' }));
    const store = storeWithFakeSocket();
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
