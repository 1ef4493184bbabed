import type { FastifyInstance, FastifyReply } from 'fastify';
import type { McpAddServerRequest, McpProvidersResponse } from '../../protocol';
import { sendError } from '../auth/requestAuth';
import { noteInBackground } from '../cog/consoleNote';
import { UserError } from '../cog/userError';
import type { McpProviders } from '../mcp/providers';
import type { Store } from '../store';
import { requireCsrf } from './csrf';
import type { Guards } from './guards';

/** Most header values a world admin may give an added server, and their sizes. */
const MAX_HEADERS = 20;
const MAX_HEADER_CHARS = 4000;

/** Outbound connections an admin may cause (add a server, reload): per address per minute. */
const WRITE_LIMIT = { max: 20, timeWindow: 60_000 };

function headersOf(raw: unknown): Record<string, string> | string {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'headers must be an object of text';
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) return `at most ${MAX_HEADERS} headers`;
  for (const [name, value] of entries) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(name)) return `"${name}" is not a header name`;
    if (typeof value !== 'string' || value.length > MAX_HEADER_CHARS || /[\r\n\0]/.test(value))
      return `the value of ${name} must be one line of text`;
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

async function answering<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UserError) return sendError(reply, 400, err.message);
    throw err;
  }
}

/**
 * Admin → MCP servers (issue 22). A world's admins list the operator's
 * servers and their own with what each offers, turn each on or off for the
 * world, add Streamable HTTP servers by URL (SSRF rules in mcp/urlGuard.ts)
 * and take them out; Reload reads the operator's MCP_CONFIG again.
 */
export function mcpRoutes(
  app: FastifyInstance,
  deps: { store: Store; guards: Guards; mcp: McpProviders; configured: boolean },
): void {
  const { store, guards, mcp } = deps;
  const said = (worldId: string, message: string) =>
    noteInBackground(store, app.log, worldId, { app_name: 'mcp', from: 'mcp.admin', message });

  app.get('/api/admin/mcp', { onRequest: guards.admin }, async (req) => {
    const world = req.world!.world_id;
    await mcp.ready(world);
    const body: McpProvidersResponse = { providers: mcp.list(world), configured: deps.configured };
    return body;
  });

  app.post(
    '/api/admin/mcp/reload',
    { onRequest: [requireCsrf, ...guards.admin], config: { rateLimit: WRITE_LIMIT } },
    (req, reply) =>
      answering(reply, async () => {
        const servers = await mcp.reload();
        said(
          req.world!.world_id,
          `${req.signed!.user.email} reloaded MCP_CONFIG: ${servers.length} server(s)`,
        );
        return { status: 'ok', servers };
      }),
  );

  app.put<{ Params: { name: string }; Body: { enabled?: unknown } }>(
    '/api/admin/mcp/:name/enabled',
    { onRequest: [requireCsrf, ...guards.admin] },
    (req, reply) =>
      answering(reply, async () => {
        const enabled = req.body?.enabled;
        if (typeof enabled !== 'boolean')
          return sendError(reply, 400, 'enabled must be true or false');
        const world = req.world!.world_id;
        await mcp.setEnabled(world, req.params.name, enabled, req.signed!.user.id);
        said(
          world,
          `${req.signed!.user.email} ${enabled ? 'enabled' : 'disabled'} MCP server ${req.params.name}`,
        );
        return { status: 'ok' };
      }),
  );

  app.post<{ Body: Partial<McpAddServerRequest> }>(
    '/api/admin/mcp/servers',
    { onRequest: [requireCsrf, ...guards.admin], config: { rateLimit: WRITE_LIMIT } },
    (req, reply) =>
      answering(reply, async () => {
        const body = req.body ?? {};
        if (typeof body.name !== 'string' || typeof body.url !== 'string')
          return sendError(reply, 400, 'Send { name, url, headers? }');
        const headers = headersOf(body.headers);
        if (typeof headers === 'string') return sendError(reply, 400, headers);
        const world = req.world!.world_id;
        try {
          const provider = await mcp.addServer(
            world,
            { name: body.name, url: body.url, headers },
            req.signed!.user.id,
          );
          said(world, `${req.signed!.user.email} added MCP server ${provider.name} (${body.url})`);
          return { status: 'ok', provider };
        } catch (err) {
          if (err instanceof UserError)
            said(world, `Refused MCP server ${body.name} (${body.url}): ${err.message}`);
          throw err;
        }
      }),
  );

  app.delete<{ Params: { name: string } }>(
    '/api/admin/mcp/servers/:name',
    { onRequest: [requireCsrf, ...guards.admin] },
    (req, reply) =>
      answering(reply, async () => {
        const world = req.world!.world_id;
        await mcp.removeServer(world, req.params.name);
        said(world, `${req.signed!.user.email} removed MCP server ${req.params.name}`);
        return { status: 'ok' };
      }),
  );
}
