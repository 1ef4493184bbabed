import { isBuiltIn, type AnnotatedCog, type App, type AppRegistry } from '../cog/registry';
import { untilAborted } from '../cog/timeout';
import { ToolError, type ExpertEngine, type Tool, type ToolResult } from './types';

/** The meeting's timeout aborts the signal, so a silent app never holds a round. */
const aborted = () => new Error('aborted');

const expertIdOf = (a: AnnotatedCog) =>
  typeof a.attrs.expert_id === 'string' ? a.attrs.expert_id : a.cog.name;

/**
 * The expert cog of a remote app of world `worldId` answering for this expert
 * id, if any. The first cog with the id decides (built-ins come first), so a
 * remote app can never answer for a built-in expert.
 */
export function remoteExpertCog(
  registry: AppRegistry,
  expertId: string,
  worldId: string,
): AnnotatedCog | undefined {
  const found = registry.annotated('expert', worldId).find((a) => expertIdOf(a) === expertId);
  return found?.app.remote && found.cog.handler ? found : undefined;
}

function answerText(value: unknown, expertName: string): string {
  if (typeof value === 'string') return value;
  const answer = (value as { answer?: unknown } | null)?.answer;
  if (typeof answer === 'string') return answer;
  throw new Error(`${expertName} answered without text`);
}

/**
 * The meeting's engine with remote experts: an expert whose cog belongs to a
 * remote app answers by calling that cog (kvargs question, history, expert_id →
 * `{ answer }` or a string); every other expert goes to the local engine.
 */
export function withRemoteExperts(local: ExpertEngine, registry: AppRegistry): ExpertEngine {
  return {
    name: local.name,
    ...(local.model ? { model: local.model } : {}),
    async answer(request, report) {
      const worldId = request.worldId ?? '';
      const remote = remoteExpertCog(registry, request.expert.id, worldId);
      if (!remote?.cog.handler) return local.answer(request, report);
      const value = await untilAborted(
        remote.cog.handler(
          {
            kvargs: {
              question: request.question,
              history: request.history,
              expert_id: request.expert.id,
            },
          },
          { worldId },
        ),
        request.signal,
        aborted,
      );
      report.answer(answerText(value, request.expert.name), true);
    },
  };
}

/** Does the app itself declare the tool provider `name`? A tool may only join its own app's. */
const providesFor = (app: App, name: string) =>
  app.cogs.some((c) => {
    const p = c.annotations.toolprovider;
    return p !== undefined && (typeof p.name === 'string' && p.name ? p.name : c.name) === name;
  });

const TOOL_RESULT_KEYS = new Set(['output', 'value']);

function toolResult(value: unknown): ToolResult {
  if (typeof value === 'string') return { output: value };
  const v = value as { output?: unknown } | null;
  // A cog that answers with a ToolResult itself (an MCP server's, server/mcp) is taken as it is.
  if (v && typeof v.output === 'string' && Object.keys(v).every((k) => TOOL_RESULT_KEYS.has(k)))
    return v as ToolResult;
  if (v && typeof v.output === 'string') return { output: v.output, value };
  return { output: JSON.stringify(value ?? null), value };
}

/**
 * The tools the world's own apps of world `worldId` declare — remote apps and
 * the MCP servers it uses (server/mcp) — as cogs annotated `tool` with
 * provider, name, description and optionally parameters as JSON Schema,
 * except names a local or built-in tool already has. Used only when the
 * workspace selected the provider.
 */
export function remoteTools(registry: AppRegistry, local: Tool[], worldId: string): Tool[] {
  const taken = new Set(local.map((t) => t.name));
  const out: Tool[] = [];
  for (const { app, cog, attrs } of registry.annotated('tool', worldId)) {
    const handler = cog.handler;
    const name = typeof attrs.name === 'string' ? attrs.name : cog.name;
    const provider = attrs.provider;
    const usable =
      !isBuiltIn(app) &&
      handler &&
      typeof provider === 'string' &&
      providesFor(app, provider) &&
      !taken.has(name);
    taken.add(name);
    if (!usable) continue;
    out.push({
      name,
      provider,
      description: typeof attrs.description === 'string' ? attrs.description : '',
      parameters:
        attrs.parameters && typeof attrs.parameters === 'object'
          ? (attrs.parameters as Record<string, unknown>)
          : { type: 'object', properties: {} },
      async run(args, ctx) {
        try {
          return toolResult(
            await untilAborted(
              handler({ kvargs: args }, { worldId: ctx.worldId, signal: ctx.signal }),
              ctx.signal,
              aborted,
            ),
          );
        } catch (err) {
          if (err instanceof ToolError) throw err;
          throw new ToolError(err instanceof Error ? err.message : String(err));
        }
      },
    });
  }
  return out;
}
