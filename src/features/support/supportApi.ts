import type { SupportLogSummary, SupportLogsResponse, SupportLogUpload } from '../../../protocol';
import { baseApi } from '../../api/baseApi';

/** Session logs sent to the world's administrators (POST / GET /api/support/logs). */
export const supportApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['SupportLogs'] })
  .injectEndpoints({
    endpoints: (build) => ({
      sendSupportLog: build.mutation<{ id: string }, SupportLogUpload>({
        query: (body) => ({ url: '/support/logs', method: 'POST', body }),
        invalidatesTags: ['SupportLogs'],
      }),
      listSupportLogs: build.query<SupportLogSummary[], string>({
        // The world (sent as X-World-Id by the base query) keys the cache, one list per world.
        query: (_worldId) => ({ url: '/support/logs' }),
        transformResponse: (body: SupportLogsResponse) => body.logs ?? [],
        providesTags: ['SupportLogs'],
      }),
    }),
  });

export const { useSendSupportLogMutation, useListSupportLogsQuery } = supportApi;
