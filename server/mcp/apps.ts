import type { App, Cog } from '../cog/registry';
import type { McpConnection } from './connection';

/** The registry's name of the app standing for MCP server `name` in a world. */
export const mcpAppName = (name: string) => `mcp-${name}`;

/** Longest function name chat-completions APIs accept. */
const MAX_TOOL_NAME = 64;

/**
 * The EMgen name of an MCP tool: the provider's prefix, an underscore, then
 * the tool's own name (the UI shows it without the prefix, like the
 * built-ins' `calc_evaluate`). The prefix is the server name with its
 * underscores made hyphens, so the first underscore is always the one after
 * it; characters a function name may not have become hyphens.
 */
export function mcpToolName(server: string, tool: string): string {
  const prefix = server.replace(/_/g, '-');
  const own = tool.replace(/[^A-Za-z0-9_-]/g, '-');
  return `${prefix}_${own}`.slice(0, MAX_TOOL_NAME);
}

/**
 * MCP server `name` as an app of world `worldId`: a `toolprovider` cog, a
 * `tool` cog per tool (its JSON Schema as parameters, its handler the call),
 * and `mcpresource` / `mcpprompt` cogs listing what else it offers, so the
 * Tool Providers tab, the Applications pages, the experts' function list and
 * the message box's / menu all see it as they see any provider.
 */
export function mcpApp(worldId: string, name: string, conn: McpConnection): App {
  const module = `mcp.${name}`;
  const { details } = conn;
  const description =
    conn.settings.description ??
    (details.server
      ? `MCP server ${details.server.name} ${details.server.version}`
      : `MCP server ${name}`);
  const seen = new Set<string>();
  const tools: Cog[] = [];
  for (const t of details.tools) {
    const toolName = mcpToolName(name, t.name);
    if (seen.has(toolName)) continue; // two names that read the same once cleaned: the first one
    seen.add(toolName);
    tools.push({
      module,
      name: toolName,
      annotations: {
        tool: {
          provider: name,
          name: toolName,
          description: t.description ?? t.title ?? '',
          parameters: t.inputSchema,
          mcp_tool: t.name,
        },
      },
      handler: (input, ctx) => conn.callTool(t.name, input.kvargs ?? {}, ctx.signal),
    });
  }
  return {
    name: mcpAppName(name),
    worldId,
    processId: conn.pid ?? (conn.kind === 'http' ? 'Streamable HTTP' : conn.status),
    cogs: [
      {
        module,
        name,
        annotations: {
          toolprovider: {
            name,
            description,
            mcp: conn.kind,
            status: conn.status,
            ...(conn.lastError ? { error: conn.lastError } : {}),
          },
        },
      },
      ...tools,
      ...details.resources.map((r) => ({
        module,
        name: r.name,
        annotations: {
          mcpresource: {
            provider: name,
            uri: r.uri,
            ...(r.description ? { description: r.description } : {}),
            ...(r.mimeType ? { mimeType: r.mimeType } : {}),
          },
        },
      })),
      ...details.prompts.map((p) => ({
        module,
        name: p.name,
        annotations: {
          mcpprompt: {
            provider: name,
            ...(p.description ? { description: p.description } : {}),
            ...(p.arguments?.length
              ? {
                  arguments: p.arguments
                    .map((a) => (a.required ? `${a.name}*` : a.name))
                    .join(', '),
                }
              : {}),
          },
        },
      })),
    ],
  };
}
