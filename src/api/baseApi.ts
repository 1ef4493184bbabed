import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { authenticationFailed } from '../features/auth/authActions';
import { t } from '../i18n/i18n';
import { applyStandardHeaders } from './requestHeaders';

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so it resolves the same in the browser and under Node's fetch in tests.
  baseUrl: `${window.location.origin}/api`,
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState }) => {
    const state = getState() as { auth?: { activeWorld?: string | null } };
    return applyStandardHeaders(headers, state.auth?.activeWorld);
  },
});

/** The auth and user endpoints answer 401 as part of their job; every other 401 means the session ended. */
const AUTH_ENDPOINTS = new Set(['signIn', 'checkUser', 'refreshUser', 'signOut']);

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !AUTH_ENDPOINTS.has(api.endpoint)) {
    api.dispatch(authenticationFailed());
  }
  return result;
};

/** The one RTK Query api; features add endpoints with injectEndpoints (STYLE 4). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User'],
  endpoints: () => ({}),
});

/** The server's error text from a failed call, else the HTTP status. */
export function errorMessage(error: unknown): string {
  const e = error as FetchBaseQueryError | undefined;
  if (e && 'data' in e && e.data && typeof e.data === 'object' && 'error' in e.data) {
    return String((e.data as { error: unknown }).error);
  }
  if (e && 'status' in e) return String(e.status);
  return t('Unknown error');
}
