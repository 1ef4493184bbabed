import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessibleWorld, SessionUser, UserSessionResponse } from '../../../protocol';
import { accountSettingsSaved, authenticationFailed } from './authActions';
import { authApi } from './authApi';
import { authApiOnly } from './authApiOnly';

export interface AuthState {
  /** false until a user check answers status ok (SPEC §4 "Authentication") */
  loggedin: boolean;
  /**
   * 'unknown' until the first check answers; 'expired' when a periodic or
   * visibility re-check found the session gone (SPEC §4: those go to /login);
   * 'signedOut' after the user signed out (the logged-out page).
   */
  status: 'unknown' | 'checking' | 'ok' | 'unauthorized' | 'expired' | 'signedOut';
  user: SessionUser | null;
  activeWorld: string | null;
  accessibleWorlds: AccessibleWorld[];
  loginUrl: string | null;
  /** Administers every account and world (/admin/users, /admin/audit in any world). */
  globalAdmin: boolean;
}

export const initialAuthState: AuthState = {
  loggedin: false,
  status: 'unknown',
  user: null,
  activeWorld: null,
  accessibleWorlds: [],
  loginUrl: null,
  globalAdmin: false,
};

function signedIn(state: AuthState, action: PayloadAction<UserSessionResponse>) {
  const r = action.payload;
  if (r.status !== 'ok' || !r.user) return;
  state.loggedin = true;
  state.status = 'ok';
  state.user = r.user;
  state.activeWorld = r.active_world ?? null;
  state.accessibleWorlds = r.accessible_worlds ?? [];
  state.loginUrl = r.login_url ?? state.loginUrl;
  state.globalAdmin = r.global_admin === true;
}

function signedOut(
  state: AuthState,
  loginUrl?: string | null,
  status: 'unauthorized' | 'expired' | 'signedOut' = 'unauthorized',
) {
  state.loggedin = false;
  state.status = status;
  state.user = null;
  state.accessibleWorlds = [];
  state.globalAdmin = false;
  if (loginUrl) state.loginUrl = loginUrl;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(authenticationFailed, (state) => signedOut(state))
      .addCase(accountSettingsSaved, (state, { payload }) => {
        if (state.user) state.user = { ...state.user, ...payload };
      })
      .addMatcher(authApiOnly(authApi.endpoints.checkUser.matchPending), (state) => {
        if (state.status === 'unknown') state.status = 'checking';
      })
      .addMatcher(
        authApiOnly(
          isAnyOf(
            authApi.endpoints.checkUser.matchFulfilled,
            authApi.endpoints.refreshUser.matchFulfilled,
            authApi.endpoints.signIn.matchFulfilled,
          ),
        ),
        signedIn,
      )
      .addMatcher(authApiOnly(authApi.endpoints.checkUser.matchRejected), (state, action) => {
        const body = (action.payload as { data?: UserSessionResponse } | undefined)?.data;
        signedOut(state, body?.login_url);
      })
      .addMatcher(authApiOnly(authApi.endpoints.refreshUser.matchRejected), (state, action) => {
        const body = (action.payload as { data?: UserSessionResponse } | undefined)?.data;
        signedOut(state, body?.login_url, 'expired');
      })
      .addMatcher(authApiOnly(authApi.endpoints.signOut.matchFulfilled), (state) =>
        signedOut(state, null, 'signedOut'),
      );
  },
  selectors: {
    selectAuth: (state) => state,
    selectLoggedIn: (state) => state.loggedin,
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectActiveWorld: (state) => state.activeWorld,
    selectAccessibleWorlds: (state) => state.accessibleWorlds,
    selectLoginUrl: (state) => state.loginUrl,
    selectGlobalAdmin: (state) => state.globalAdmin,
  },
});

export const {
  selectAuth,
  selectLoggedIn,
  selectAuthStatus,
  selectUser,
  selectActiveWorld,
  selectAccessibleWorlds,
  selectLoginUrl,
  selectGlobalAdmin,
} = authSlice.selectors;
