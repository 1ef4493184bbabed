import type {
  McpAddServerRequest,
  McpProviderSummary,
  McpProvidersResponse,
} from '../../../../protocol';
import { baseApi } from '../../../api/baseApi';

/** Admin → MCP servers (GET/POST/PUT/DELETE /api/admin/mcp…), for the world of the page. */
export const mcpApi = baseApi.enhanceEndpoints({ addTagTypes: ['McpServers'] }).injectEndpoints({
  endpoints: (build) => ({
    listMcpServers: build.query<McpProvidersResponse, string>({
      // The world (sent as X-World-Id by the base query) keys the cache, one list per world.
      query: (_worldId) => ({ url: '/admin/mcp' }),
      providesTags: ['McpServers'],
    }),
    reloadMcpConfig: build.mutation<{ servers: string[] }, void>({
      query: () => ({ url: '/admin/mcp/reload', method: 'POST' }),
      invalidatesTags: ['McpServers'],
    }),
    setMcpServerEnabled: build.mutation<void, { name: string; enabled: boolean }>({
      query: ({ name, enabled }) => ({
        url: `/admin/mcp/${encodeURIComponent(name)}/enabled`,
        method: 'PUT',
        body: { enabled },
      }),
      invalidatesTags: ['McpServers'],
    }),
    addMcpServer: build.mutation<{ provider: McpProviderSummary }, McpAddServerRequest>({
      query: (body) => ({ url: '/admin/mcp/servers', method: 'POST', body }),
      invalidatesTags: ['McpServers'],
    }),
    removeMcpServer: build.mutation<void, string>({
      query: (name) => ({
        url: `/admin/mcp/servers/${encodeURIComponent(name)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['McpServers'],
    }),
  }),
});

export const {
  useListMcpServersQuery,
  useReloadMcpConfigMutation,
  useSetMcpServerEnabledMutation,
  useAddMcpServerMutation,
  useRemoveMcpServerMutation,
} = mcpApi;

/** The error text of a failed call, as the server said it. */
export function errorText(err: unknown, fallback: string): string {
  const data = (err as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' && data.error ? data.error : fallback;
}
