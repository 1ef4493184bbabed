import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_TOOL_ARGS_CHARS, type WorkspaceTool } from '../../protocol';
import { noteInBackground } from '../cog/consoleNote';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import type { KeyedSerial } from '../cog/keyedSerial';
import type { AppRegistry } from '../cog/registry';
import { withTimeout } from '../cog/timeout';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import { workspaceAudience } from './audience';
import { openWorkspace } from './handlers';
import { messageOnWire } from './history';
import { remoteTools } from './remote';
import type { Tool } from './types';

/** Longest a tool called from the message box may take (an MCP server has its own, shorter, limit). */
export const DIRECT_CALL_TIMEOUT_MS = 60_000;

export interface ToolCallDeps {
  store: Store;
  registry: AppRegistry;
  /** The built-in tools (the meeting's). */
  tools: Tool[];
  log: FastifyBaseLogger;
  transcriptQueue: KeyedSerial;
  /** Starts the world's MCP servers on first use (server/mcp); absent without MCP. */
  toolsReady?: (worldId: string) => Promise<void>;
  timeoutMs?: number;
}

/** Where a provider comes from: built in, a remote app's, or an MCP server's. */
function sourceOf(registry: AppRegistry, worldId: string, tool: Tool, builtins: Set<Tool>) {
  if (builtins.has(tool)) return 'builtin' as const;
  const provider = registry
    .annotated('toolprovider', worldId)
    .find((p) => (typeof p.attrs.name === 'string' ? p.attrs.name : p.cog.name) === tool.provider);
  return provider?.attrs.mcp ? ('mcp' as const) : ('app' as const);
}

/** The tools of the providers workspace `workspaceId` selected, as the / menu lists them. */
export async function workspaceTools(
  deps: ToolCallDeps,
  worldId: string,
  workspaceId: string,
): Promise<{ tool: Tool; wire: WorkspaceTool }[]> {
  await deps.toolsReady?.(worldId);
  const allowed = new Set(await deps.store.workspaces.toolProviders(workspaceId));
  const builtins = new Set(deps.tools);
  const all = [...deps.tools, ...remoteTools(deps.registry, deps.tools, worldId)];
  return all
    .filter((t) => allowed.has(t.provider))
    .map((tool) => ({
      tool,
      wire: {
        name: tool.name,
        provider: tool.provider,
        description: tool.description,
        parameters: tool.parameters,
        source: sourceOf(deps.registry, worldId, tool, builtins),
      },
    }));
}

/** Arguments a tool is called with: a JSON object no larger than MAX_TOOL_ARGS_CHARS. */
function checkedArgs(args: Record<string, unknown>): Record<string, unknown> {
  if (JSON.stringify(args).length > MAX_TOOL_ARGS_CHARS)
    throw new UserError(`The arguments are too long (at most ${MAX_TOOL_ARGS_CHARS} characters)`);
  return args;
}

/**
 * Tools called directly from the message box (issue 22): tool.list answers
 * with the open workspace's tools, tool.call runs one. Everyone viewing the
 * workspace sees it start, and then its result as a tool message (stored in
 * the transcript, named by the tool, with the caller as its user) and a
 * trace of its input and output; a failure is 'Tool error: …' for them
 * (server.tool.error), a trace and a console entry, and the caller's
 * tool.call.response says why. No language model is involved, so this works
 * with the offline engine.
 */
export function registerToolCalls(hub: CogHub, deps: ToolCallDeps): void {
  const { store } = deps;
  hub.runsLong('tool.list', 'tool.call');

  hub.on('tool.list', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const tools = await workspaceTools(deps, conn.worldId, ws.id);
    hub.reply(conn, frame, 'tool.list.response', { tools: tools.map((t) => t.wire) });
  });

  hub.on('tool.call', async (conn, frame) => {
    const ws = await openWorkspace(hub, store, conn);
    const { name } = frame.content;
    let told = false;
    try {
      const args = checkedArgs(frame.content.args);
      const found = (await workspaceTools(deps, conn.worldId, ws.id)).find(
        (t) => t.tool.name === name,
      );
      if (!found) throw new UserError(`The tool ${name} is not available in this workspace`);
      told = true; // from here on, the workspace hears of a failure (runTool)
      const messageId = await runTool(hub, deps, conn, ws.id, found.tool, args);
      hub.reply(conn, frame, 'tool.call.response', { status: 'success', message_id: messageId });
    } catch (err) {
      const error = err instanceof Error ? err.message || 'Unknown error' : String(err);
      // The caller sees 'Tool error: …' for a call refused before it ran, too.
      if (!told) hub.send(conn, 'server.tool.error', { tool_name: name, error });
      hub.reply(conn, frame, 'tool.call.response', { status: 'error', error });
    }
  });
}

async function runTool(
  hub: CogHub,
  deps: ToolCallDeps,
  conn: CogConnection,
  workspaceId: string,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<string> {
  const { store } = deps;
  const audience = workspaceAudience(hub, conn.worldId, workspaceId);
  const user = await store.users.byId(conn.userId);
  const who = user?.name ?? 'You';
  const key = `${who} · ${tool.name}`;
  const persist = (write: () => Promise<void>) =>
    deps.transcriptQueue.run(workspaceId, write).catch((err: unknown) => {
      deps.log.error({ err, workspaceId }, 'transcript write failed');
    });
  const trace = (value: unknown) => {
    audience.send('server.trace', { key, value });
    void persist(() => store.transcripts.addTrace(workspaceId, { key, html: null, value }));
  };

  audience.send('server.tool.start', { tool_name: tool.name, user: who });
  const timeoutMs = deps.timeoutMs ?? DIRECT_CALL_TIMEOUT_MS;
  const controller = new AbortController();
  let result;
  try {
    result = await withTimeout(
      tool.run(args, {
        worldId: conn.worldId,
        workspaceId,
        now: new Date(),
        signal: controller.signal,
      }),
      timeoutMs,
      () => new Error(`${tool.name} timed out after ${timeoutMs / 1000} s`),
    );
  } catch (err) {
    controller.abort();
    const error = err instanceof Error ? err.message : String(err);
    audience.send('server.tool.error', { tool_name: tool.name, error, user: who });
    trace({ input: args, error });
    noteInBackground(store, deps.log, conn.worldId, {
      app_name: 'meeting',
      from: 'tool.error',
      message: `${key}: ${error}`,
    });
    throw new UserError(error);
  }
  audience.send('server.tool.complete', { tool_name: tool.name, user: who });
  trace({
    input: args,
    output: result.output,
    ...(result.value !== undefined ? { value: result.value } : {}),
  });
  const message = {
    message_id: randomUUID(),
    role: 'assistant' as const,
    name: tool.name,
    expert_id: null,
    user_id: conn.userId,
    content: result.output || '_(no output)_',
    html: null,
    created_at: new Date().toISOString(),
    tool_name: tool.name,
  };
  // Shown once stored, in the transcript's order, like every other message.
  await deps.transcriptQueue.run(workspaceId, async () => {
    await store.transcripts.addMessage(workspaceId, message);
    audience.send('display.message', messageOnWire(message));
  });
  if (result.researchBox) {
    const box = { id: `${message.message_id}-1`, name: tool.name, ...result.researchBox };
    audience.send('display.researchbox', box);
    void persist(() =>
      store.transcripts.addResearchBox(workspaceId, {
        id: box.id,
        name: box.name ?? null,
        title: box.title ?? null,
        html: box.html ?? null,
        content: box.content ?? null,
      }),
    );
  }
  return message.message_id;
}
