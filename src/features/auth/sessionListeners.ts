import { isAnyOf } from '@reduxjs/toolkit';
import { USER_REFRESH_INTERVAL_MS } from '../../../protocol';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { authenticationFailed } from './authActions';
import { authApi } from './authApi';
import { pageBecameVisible } from './authEvents';

const signedIn = isAnyOf(
  authApi.endpoints.checkUser.matchFulfilled,
  authApi.endpoints.refreshUser.matchFulfilled,
  authApi.endpoints.signIn.matchFulfilled,
);
const sessionEnded = isAnyOf(
  authApi.endpoints.signOut.matchPending,
  authApi.endpoints.checkUser.matchRejected,
  authApi.endpoints.refreshUser.matchRejected,
  authenticationFailed,
);

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
}
