import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  passSocketFramesMiddleware,
  passSocketFramesReducer,
} from '../../../src/api/passSocketFrames';
import { authApi } from '../../../src/features/auth/authApi';
import { cogIn } from '../../../src/ws/cogActions';
import { SESSION, json, makeTestStore, stubFetch } from '../testStore';

const frame = cogIn('server.heartbeat')({ typ: 'server.heartbeat', content: { time: 't' } });

describe('RTK Query is not asked about inbound socket frames', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands frames around the wrapped reducer and middleware, and everything else through', () => {
    const seenByReducer: string[] = [];
    const reducer = passSocketFramesReducer((state: number | undefined, action) => {
      seenByReducer.push(action.type);
      return (state ?? 0) + 1;
    });
    expect(reducer(undefined, frame)).toBe(1); // the initial state is still asked for
    expect(reducer(5, frame)).toBe(5);
    expect(reducer(5, { type: 'api/executeQuery/pending' })).toBe(6);
    expect(seenByReducer).toEqual([frame.type, 'api/executeQuery/pending']);

    const seenByMiddleware: string[] = [];
    const inner: Middleware = () => (next) => (action) => {
      seenByMiddleware.push((action as UnknownAction).type);
      return next(action);
    };
    const reached: string[] = [];
    const dispatch = passSocketFramesMiddleware(inner)({
      getState: () => ({}),
      dispatch: (a) => a,
    })((action) => reached.push((action as UnknownAction).type));
    dispatch(frame);
    dispatch({ type: '__rtkq/focused' });
    expect(seenByMiddleware).toEqual(['__rtkq/focused']);
    expect(reached).toEqual([frame.type, '__rtkq/focused']);
  });

  it('in the app store: a frame leaves the api state as it is, and queries still work', async () => {
    stubFetch(() => json(200, SESSION));
    const { store } = makeTestStore();
    const api = store.getState().api;
    store.dispatch(frame);
    expect(store.getState().api).toBe(api);
    await store.dispatch(authApi.endpoints.checkUser.initiate());
    expect(store.getState().auth).toMatchObject({ loggedin: true, user: SESSION.user });
    const mutations = Object.values(store.getState().api.mutations);
    expect(mutations.map((m) => [m?.endpointName, m?.status])).toEqual([
      ['checkUser', 'fulfilled'],
    ]);
  });
});
