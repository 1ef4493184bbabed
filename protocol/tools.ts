import * as z from 'zod/mini';

/**
 * Tools a person calls directly from the message box (issue 22): typing `/`
 * lists the open workspace's tools (its selected providers': built-in,
 * remote-app and MCP) with their JSON Schemas; `tool.call` runs one, and its
 * result is posted into the transcript as a tool message, with a trace.
 */

/** Largest JSON of a tool call's arguments the server accepts (characters). */
export const MAX_TOOL_ARGS_CHARS = 64 * 1024;

/** A tool as the / menu lists it. */
export const workspaceToolSchema = z.looseObject({
  /** The full name, provider prefix included (calc_evaluate, everything_get-sum). */
  name: z.string(),
  provider: z.string(),
  description: z.optional(z.string()),
  /** JSON Schema of its arguments (an object schema). */
  parameters: z.optional(z.record(z.string(), z.unknown())),
  /** Where the provider comes from. */
  source: z.optional(z.enum(['builtin', 'app', 'mcp'])),
});
export type WorkspaceTool = z.infer<typeof workspaceToolSchema>;

export const toolClientSchemas = {
  /** The open workspace's tools (answered with tool.list.response). */
  'tool.list': z.looseObject({}),
  /** Runs one of them with these arguments (answered with tool.call.response). */
  'tool.call': z.object({
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    args: z.record(z.string(), z.unknown()),
  }),
} as const;

export const toolServerSchemas = {
  'tool.list.response': z.looseObject({ tools: z.array(workspaceToolSchema) }),
  /** 'success' once the tool message is in the transcript; 'error' with the reason (also flashed as 'Tool error: …'). */
  'tool.call.response': z.looseObject({
    request_id: z.optional(z.string()),
    status: z.string(),
    error: z.optional(z.string()),
    message_id: z.optional(z.string()),
  }),
} as const;

/** One MCP server as a world's admins see it (GET /api/admin/mcp). */
export interface McpProviderSummary {
  name: string;
  /** The operator's MCP_CONFIG, or added by this world's admins. */
  source: 'operator' | 'world';
  transport: 'stdio' | 'http';
  /** A world-added server's URL (the operator's stay private). */
  url?: string;
  description?: string;
  /** Whether this world uses it. */
  enabled: boolean;
  status: 'stopped' | 'starting' | 'ready' | 'failed' | 'restarting';
  error?: string;
  restarts: number;
  tools: { name: string; description?: string }[];
  resources: { uri: string; name: string; description?: string; mimeType?: string }[];
  prompts: { name: string; description?: string; arguments?: string[] }[];
  server?: { name: string; version: string };
}

export interface McpProvidersResponse {
  providers: McpProviderSummary[];
  /** Whether MCP_CONFIG is set (Reload has a file to read). */
  configured: boolean;
}

/** POST /api/admin/mcp/servers: a Streamable HTTP server for this world. */
export interface McpAddServerRequest {
  name: string;
  url: string;
  headers?: Record<string, string>;
}
