import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ActionResponse, DashboardAction, DashboardResponse } from '../../../protocol';
import { baseApi } from '../../api/baseApi';
import { authenticationFailed } from '../auth/authActions';

/** The core dashboard's widgets and the actions they run (SPEC §7). */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The world travels in the request header (from the URL); the argument only
     * keeps each world's dashboard in its own cache entry.
     */
    getDashboard: build.query<DashboardResponse, { worldId: string }>({
      query: () => ({
        url: '/dashboard',
        params: { id: 'core' },
        // A body whose status is not ok (error, unauthorized) is a failure too.
        validateStatus: (response, body: Partial<DashboardResponse> | undefined) =>
          response.ok && body?.status === 'ok',
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (rejection) {
          // A 401 is handled by the base query; an 'unauthorized' body means the same (SPEC §2).
          const error = (rejection as { error?: FetchBaseQueryError }).error;
          const body = error && 'data' in error ? (error.data as { status?: unknown }) : undefined;
          if (error?.status !== 401 && body?.status === 'unauthorized') {
            dispatch(authenticationFailed());
          }
        }
      },
    }),
    runAction: build.mutation<ActionResponse, DashboardAction>({
      query: (action) => ({ url: '/action', method: 'POST', body: action }),
    }),
  }),
});

export const { useGetDashboardQuery, useRunActionMutation } = dashboardApi;
