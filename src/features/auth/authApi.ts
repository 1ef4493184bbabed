import type { AuthRequest, SignoutResponse, UserSessionResponse } from '../../../protocol';
import { baseApi } from '../../api/baseApi';

/** Sign-in, the user check and sign-out (SPEC §7). All are POSTs, so all are mutations. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkUser: build.mutation<UserSessionResponse, void>({
      query: () => ({ url: '/user', method: 'POST', body: {} }),
    }),
    /** The same check, made every 5 minutes and when the page becomes visible again. */
    refreshUser: build.mutation<UserSessionResponse, void>({
      query: () => ({ url: '/user', method: 'POST', body: {} }),
    }),
    signIn: build.mutation<UserSessionResponse, AuthRequest>({
      query: (body) => ({ url: '/auth', method: 'POST', body }),
    }),
    signOut: build.mutation<SignoutResponse, void>({
      query: () => ({ url: '/signout', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useCheckUserMutation,
  useRefreshUserMutation,
  useSignInMutation,
  useSignOutMutation,
} = authApi;
