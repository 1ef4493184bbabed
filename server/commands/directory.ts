import {
  commandEffectSchema,
  safeNextPath,
  type Command,
  type CommandEffect,
} from '../../protocol';
import { exposedId, isBuiltIn, type AppRegistry, type Cog, type CogContext } from '../cog/registry';
import { withTimeout } from '../cog/timeout';
import { UserError } from '../cog/userError';
import type { Store } from '../store';

/** The annotation that makes a cog a command (DESIGN §4). */
export const COMMAND_ANNOTATION = 'command';
/** Where a command without a namespace lives; the palette lists 'workspace' (SPEC §9). */
export const DEFAULT_NAMESPACE = 'default';
/**
 * A handler that has not answered by then fails, so the palette (which gives
 * up after COMMAND_TIMEOUT_MS, 30 s) still hears the reason.
 */
export const COMMAND_HANDLER_TIMEOUT_MS = 25_000;

/**
 * The attributes of a `command` annotation.
 * - `admin`: listed and runnable only for administrators of the world (others are
 *   never offered it).
 * - `destructive`: running it loses something; listed with `destructive: true`, so
 *   the palette asks for confirmation and never selects it by default.
 * - `expand: 'worlds'`: one command per other world the user may enter; `{world}`
 *   in name and description becomes the world's name, the id gets `:{worldId}`
 *   appended and the handler receives kvargs.worldId.
 */
export interface CommandAttrs {
  id?: string;
  name: string;
  description?: string;
  tags?: string[];
  namespace?: string;
  admin?: boolean;
  destructive?: boolean;
  expand?: 'worlds';
}

/** Who is asking: generated and admin-only commands differ per user and world. */
export interface CommandContext {
  worldId: string;
  userId: string;
}

/** What a command handler returns (command.execute.response content). */
export type CommandResult = {
  message?: string;
  effect?: CommandEffect;
  result?: unknown;
};

/** A command as listed, with what is needed to run it. */
export interface ResolvedCommand {
  command: Command;
  appName: string;
  /** Of a built-in app (seen in every world), not a remote app of this world. */
  builtIn: boolean;
  cog: Cog;
  admin: boolean;
  /** Fixed arguments of an expanded command (e.g. the world to switch to). */
  kvargs: Record<string, unknown>;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined;

/** A `command` annotation's attributes, or undefined when they do not describe a command. */
export function commandAttrs(raw: Record<string, unknown>): CommandAttrs | undefined {
  const name = str(raw.name);
  if (!name) return undefined;
  return {
    id: str(raw.id),
    name,
    description: str(raw.description),
    tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
    namespace: str(raw.namespace) ?? DEFAULT_NAMESPACE,
    admin: raw.admin === true,
    destructive: raw.destructive === true,
    expand: raw.expand === 'worlds' ? 'worlds' : undefined,
  };
}

/** A handler's answer in the shape of command.execute.response. */
export function commandResult(value: unknown): CommandResult {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') return { message: value };
  if (typeof value !== 'object' || Array.isArray(value)) return { result: value };
  const v = value as Record<string, unknown>;
  const out: CommandResult = {};
  if (typeof v.message === 'string') out.message = v.message;
  if (v.effect !== undefined) {
    const effect = commandEffectSchema.safeParse(v.effect);
    if (!effect.success) throw new UserError('The command returned an invalid effect');
    out.effect = effect.data;
    if (out.effect.kind === 'navigate') {
      // Same rule as page and flow redirects: never to another site or a javascript: URL.
      const to = safeNextPath(out.effect.to);
      if (!to) throw new UserError('The command may only navigate to a path on this site');
      out.effect = { kind: 'navigate', to };
    }
  }
  if (v.result !== undefined) out.result = v.result;
  return out;
}

/**
 * The commands of every app one world sees (the built-in apps and the remote
 * apps of that world), as one user there sees them. A built-in command's id is
 * `attrs.id` or `{app}.{cog}`; a remote app's is namespaced as
 * `{app}/{attrs.id or cog}` (exposedId), so it never takes a built-in's.
 * Nothing is cached: an app that registers or disconnects changes the next answer.
 */
export class CommandDirectory {
  constructor(private readonly deps: { store: Store; registry: AppRegistry; timeoutMs?: number }) {}

  private async isAdmin(ctx: CommandContext): Promise<boolean> {
    return (await this.deps.store.users.access(ctx.userId, ctx.worldId))?.is_admin ?? false;
  }

  /** Every command ctx's world sees, admin-only ones included, in name order. */
  private async resolveAll(ctx: CommandContext): Promise<ResolvedCommand[]> {
    const out: ResolvedCommand[] = [];
    let worlds: Awaited<ReturnType<Store['users']['worlds']>> | undefined;
    const cogs = this.deps.registry.annotated(COMMAND_ANNOTATION, ctx.worldId);
    for (const { app, cog, attrs: raw } of cogs) {
      const attrs = commandAttrs(raw);
      if (!attrs) continue;
      const base: Command = {
        id: isBuiltIn(app)
          ? (attrs.id ?? `${app.name}.${cog.name}`)
          : exposedId(app, attrs.id ?? cog.name),
        name: attrs.name,
        ...(attrs.description ? { description: attrs.description } : {}),
        tags: attrs.tags ?? [],
        cogPath: `${app.name}/${cog.module}/${cog.name}`,
        namespace: attrs.namespace ?? DEFAULT_NAMESPACE,
        ...(attrs.destructive ? { destructive: true } : {}),
      };
      const entry = {
        appName: app.name,
        builtIn: isBuiltIn(app),
        cog,
        admin: attrs.admin ?? false,
      };
      if (attrs.expand === 'worlds') {
        worlds ??= await this.deps.store.users.worlds(ctx.userId);
        for (const w of worlds) {
          if (w.world_id === ctx.worldId) continue;
          const fill = (s: string) => s.replaceAll('{world}', w.name);
          out.push({
            ...entry,
            command: {
              ...base,
              id: `${base.id}:${w.world_id}`,
              name: fill(base.name),
              ...(base.description ? { description: fill(base.description) } : {}),
            },
            kvargs: { worldId: w.world_id },
          });
        }
      } else {
        out.push({ ...entry, command: base, kvargs: {} });
      }
    }
    return out.sort(
      (a, b) =>
        a.command.name.localeCompare(b.command.name) || a.command.id.localeCompare(b.command.id),
    );
  }

  /** The commands ctx may see; admin-only ones only for administrators of the world. */
  async resolved(ctx: CommandContext): Promise<ResolvedCommand[]> {
    const admin = await this.isAdmin(ctx);
    return (await this.resolveAll(ctx)).filter((r) => admin || !r.admin);
  }

  /** The commands of one namespace, or of all of them when namespace is undefined. */
  async list(ctx: CommandContext, namespace?: string): Promise<Command[]> {
    return (await this.resolved(ctx))
      .filter((r) => namespace === undefined || r.command.namespace === namespace)
      .map((r) => r.command);
  }

  /** The namespaces ctx's commands live in, sorted ('default' included when used). */
  async namespaces(ctx: CommandContext): Promise<string[]> {
    return [...new Set((await this.list(ctx)).map((c) => c.namespace ?? DEFAULT_NAMESPACE))].sort();
  }

  /**
   * Runs a command's cog handler with the caller's world and user. A built-in
   * command wins over any other with the same id; `namespace` breaks the
   * remaining ties. Unknown commands, admin-only commands for others, cogs
   * without a handler, throwing handlers and invalid results all end in an
   * Error whose message is the palette's error.
   */
  async execute(
    ctx: CommandContext,
    commandId: string,
    opts: { namespace?: string; args?: Record<string, unknown> } = {},
  ): Promise<CommandResult> {
    const all = (await this.resolveAll(ctx)).filter((r) => r.command.id === commandId);
    const matches = all.some((r) => r.builtIn) ? all.filter((r) => r.builtIn) : all;
    const target = matches.find((r) => r.command.namespace === opts.namespace) ?? matches[0];
    if (!target) throw new UserError(`Unknown command "${commandId}"`);
    if (target.admin && !(await this.isAdmin(ctx)))
      throw new UserError(`"${target.command.name}" is for administrators of this world only`);
    // Looked up again in the registry at run time: a remote app may have left meanwhile.
    const cog = this.deps.registry
      .get(target.appName, ctx.worldId)
      ?.cogs.find((c) => c.module === target.cog.module && c.name === target.cog.name);
    if (!cog) throw new UserError(`The app behind "${target.command.name}" is gone`);
    const handler = cog.handler;
    if (!handler) throw new UserError(`"${target.command.name}" cannot be run`);
    const cogCtx: CogContext = { worldId: ctx.worldId, userId: ctx.userId };
    const kvargs = { ...opts.args, ...target.kvargs };
    const ms = this.deps.timeoutMs ?? COMMAND_HANDLER_TIMEOUT_MS;
    const value = await withTimeout(
      // A handler that throws before returning its promise fails the same way.
      Promise.resolve().then(() => handler({ kvargs }, cogCtx)),
      ms,
      () => new UserError(`"${target.command.name}" timed out after ${ms} ms`),
    );
    return commandResult(value);
  }
}
