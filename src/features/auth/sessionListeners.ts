import { isAnyOf } from '@reduxjs/toolkit';
import { CLOSE_WORLD_FORBIDDEN } from '../../../protocol/constants';
import { USER_REFRESH_INTERVAL_MS } from '../../../protocol/timing';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { cogDisconnected, cogIn } from '../../ws/cogActions';
import { authenticationFailed } from './authActions';
import { authApi } from './authApi';
import { authApiOnly } from './authApiOnly';
import { pageBecameVisible } from './authEvents';

// The listener middleware asks matcher listeners and pending conditions about every
// action; the endpoint matchers only ever about authApi's own (see authApiOnly).
const signedIn = authApiOnly(
  isAnyOf(
    authApi.endpoints.checkUser.matchFulfilled,
    authApi.endpoints.refreshUser.matchFulfilled,
    authApi.endpoints.signIn.matchFulfilled,
  ),
);
const sessionEndedByApi = authApiOnly(
  isAnyOf(
    authApi.endpoints.signOut.matchPending,
    authApi.endpoints.checkUser.matchRejected,
    authApi.endpoints.refreshUser.matchRejected,
  ),
);
const sessionEnded = (action: unknown) =>
  authenticationFailed.match(action) || sessionEndedByApi(action);

/**
 * SPEC §4 "Authentication": once signed in, the session is re-checked every
 * 5 minutes and whenever the page becomes visible; sign-out or a failure stops
 * the timer. Each successful check restarts the 5-minute wait.
 */
export function addSessionListeners(startListening: AppStartListening): void {
  startListening({
    matcher: signedIn,
    effect: async (_action, api) => {
      api.cancelActiveListeners(); // one timer at a time
      const ended = await api.condition(sessionEnded, USER_REFRESH_INTERVAL_MS);
      if (!ended) void api.dispatch(authApi.endpoints.refreshUser.initiate());
    },
  });

  startListening({
    actionCreator: pageBecameVisible,
    effect: (_action, api) => {
      if (api.getState().auth.loggedin) void api.dispatch(authApi.endpoints.refreshUser.initiate());
    },
  });

  // An administrator changed this account's worlds (issue 21): the user is read again at
  // once, so the world switcher shows a granted world without waiting for the 5-minute check.
  startListening({
    actionCreator: cogIn('user.access.changed'),
    effect: (_action, api) => {
      if (api.getState().auth.loggedin) void api.dispatch(authApi.endpoints.refreshUser.initiate());
    },
  });

  // The world was closed to this user (access revoked while the socket was open, or
  // never granted): the user's worlds are read again, so that 'Go to my world' on the
  // refusal screen leads to one still open rather than back to this one.
  startListening({
    predicate: (action, state) =>
      cogDisconnected.match(action) &&
      action.payload.code === CLOSE_WORLD_FORBIDDEN &&
      state.auth.loggedin,
    effect: (_action, api) => {
      void api.dispatch(authApi.endpoints.refreshUser.initiate());
    },
  });
}
