import type { Middleware, StoreEnhancer, UnknownAction } from '@reduxjs/toolkit';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ServerContent, ServerTyp } from '../../protocol';
import { cogIn, cogSendRequested } from '../../src/ws/cogActions';
import { makeStore, type RootState } from '../../src/store/store';
import { fakeSockets } from './ws/fakeWebSocket';

/** The app's real store with a fake socket, a navigate recorder and a log of every action. */
export function makeTestStore(
  preloadedState?: Partial<RootState>,
  options: { enhancers?: StoreEnhancer[] } = {},
) {
  const sockets = fakeSockets();
  const navigations: string[] = [];
  const actions: UnknownAction[] = [];
  /** Session logs the app handed to the browser as downloads. */
  const downloads: { fileName: string; text: string }[] = [];
  const store = makeStore(preloadedState, {
    actionLog: { download: (fileName, text) => downloads.push({ fileName, text }) },
    cog: {
      WebSocketImpl: sockets.WebSocketImpl,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
      urlFor: (w) => `ws://emgen.test/api/ws/cog?worldId=${w}`,
      browserId: () => 'b-test',
    },
    navigate: (to) => {
      navigations.push(to);
      // Like the router: the address bar changes, so later requests carry the new world id.
      window.history.pushState(null, '', to);
    },
    extraMiddleware: [recorder(actions)],
    enhancers: options.enhancers,
  });
  return {
    store,
    sockets,
    navigations,
    actions,
    downloads,
    types: () => actions.map((a) => a.type),
  };
}

function recorder(into: UnknownAction[]): Middleware {
  return () => (next) => (action) => {
    into.push(action as UnknownAction);
    return next(action);
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch (the network edge) with an answering function; returns the requests seen. */
export function stubFetch(answer: (req: Request) => Response | Promise<Response>) {
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

export const SESSION = {
  status: 'ok',
  user: { name: 'Ann', email: 'ann@example.org' },
  active_world: 'innovation-lab',
  accessible_worlds: [
    { world_id: 'acme_research', name: 'Acme Research' },
    { world_id: 'innovation-lab', name: 'Innovation Lab' },
  ],
  login_url: '/portal',
};

/**
 * Inbound frames are auto-batched (the UI hears of them once per animation
 * frame). A plain action notifies subscribers at once, so tests that check
 * the DOM right after delivering frames dispatch this first.
 */
export function flushUi(store: { dispatch(action: { type: string }): unknown }): void {
  store.dispatch({ type: 'test/uiFlushed' });
}

/**
 * For a screen rendered on makeTestStore's store: `frame` delivers a server
 * frame the way the cog middleware would; `sent` lists the frames the screen
 * asked to send.
 */
export function frameHelpers(t: ReturnType<typeof makeTestStore>) {
  const frame = <T extends ServerTyp>(typ: T, content: ServerContent<T>) =>
    act(() => {
      t.store.dispatch(cogIn(typ)({ typ, content } as never));
      flushUi(t.store);
    });
  const sent = () =>
    t.actions.filter((a: UnknownAction) => cogSendRequested.match(a)).map((a) => a.payload);
  return { frame, sent };
}
