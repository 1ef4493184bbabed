import { EventEmitter } from 'node:events';
import type { Application } from '../../protocol';

/** What a cog's handler is given besides its arguments. */
export interface CogContext {
  worldId: string;
  userId?: string;
  /** Aborted when the caller gives up (a stopped round, a timeout): the cog may stop too. */
  signal?: AbortSignal;
}

export type CogHandler = (
  args: { args?: unknown[]; kvargs?: Record<string, unknown> },
  ctx: CogContext,
) => Promise<unknown>;

/**
 * A cog is one capability of an app; its annotations say what it is
 * (`expert`, `tool`, `toolprovider`, `command`, `page`, `flow`, `widget`, ...).
 */
export interface Cog {
  module: string;
  name: string;
  annotations: Record<string, Record<string, unknown>>;
  handler?: CogHandler;
}

export interface App {
  name: string;
  processId?: string | number;
  /** true for apps connected from another process over the socket */
  remote?: boolean;
  /**
   * The one world the app serves (a remote app: the world of its token). An
   * app without one is built in and serves every world.
   */
  worldId?: string;
  cogs: Cog[];
}

export interface AnnotatedCog {
  app: App;
  cog: Cog;
  attrs: Record<string, unknown>;
}

/** Is this app built in (in every world), rather than one world's own? */
export const isBuiltIn = (app: App): boolean => app.worldId === undefined;

/**
 * The id a world's own app exposes for something it declares (a command id,
 * an action name, a flow id): `<appName>/<id>`, so it can never take a
 * built-in's id or another app's (app names have no '/'). Built-in apps keep
 * their ids as declared. An id the app already wrote as `<appName>/…` is kept.
 */
export function exposedId(app: App, id: string): string {
  if (isBuiltIn(app)) return id;
  const prefix = `${app.name}/`;
  return id.startsWith(prefix) ? id : prefix + id;
}

/** A page path a world's own app declares, as it is exposed: `/<appName>/<path>` (see exposedId). */
export function exposedPath(app: App, path: string): string {
  return isBuiltIn(app) ? path : `/${exposedId(app, path.replace(/^\/+/, ''))}`;
}

const byName = (a: App, b: App) => a.name.localeCompare(b.name);

/**
 * Every app the server knows, in-process or remote; the admin pages show
 * exactly this. Built-in apps are seen in every world; a world's own apps
 * (remote apps connected with a token for that world) only in that world.
 * Every lookup names the world it is made for; annotated() lists built-ins
 * first, so the first match of a search by id is a built-in whenever one has it.
 * With many instances (REDIS_URL), a remote app whose socket is on another
 * instance is registered here too, with handlers that forward over the bus
 * (apps/remote/presence.ts), so each connected app is here once.
 */
export class AppRegistry extends EventEmitter<{ changed: [] }> {
  private readonly builtIn = new Map<string, App>();
  private readonly perWorld = new Map<string, Map<string, App>>();

  /**
   * Adds an app: built in when it has no worldId, else to its world only. It
   * replaces an app of the same name in the same place; a built-in and a
   * world's own app never share a name (throws), so neither hides the other.
   * The same name in two different worlds is fine.
   */
  register(app: App): void {
    if (app.worldId === undefined) {
      if ([...this.perWorld.values()].some((w) => w.has(app.name)))
        throw new Error(`An app named "${app.name}" is already registered in a world`);
      this.builtIn.set(app.name, app);
    } else {
      if (this.builtIn.has(app.name)) throw new Error(`An app named "${app.name}" is built in`);
      const world = this.perWorld.get(app.worldId) ?? new Map<string, App>();
      world.set(app.name, app);
      this.perWorld.set(app.worldId, world);
    }
    this.emit('changed');
  }

  /** Removes the built-in app `name`, or with worldId that world's own app `name`. */
  unregister(name: string, worldId?: string): boolean {
    let had: boolean;
    if (worldId === undefined) {
      had = this.builtIn.delete(name);
    } else {
      const world = this.perWorld.get(worldId);
      had = world?.delete(name) ?? false;
      if (world && !world.size) this.perWorld.delete(worldId);
    }
    if (had) this.emit('changed');
    return had;
  }

  /** The app `name` as world `worldId` sees it: a built-in, else that world's own. */
  get(name: string, worldId: string): App | undefined {
    return this.builtIn.get(name) ?? this.perWorld.get(worldId)?.get(name);
  }

  /** The apps world `worldId` sees (built-ins and its own), by name. */
  list(worldId: string): App[] {
    return this.inOrder(worldId).sort(byName);
  }

  /** Built-in apps by name, then the world's own by name. */
  private inOrder(worldId: string): App[] {
    const own = [...(this.perWorld.get(worldId)?.values() ?? [])];
    return [...[...this.builtIn.values()].sort(byName), ...own.sort(byName)];
  }

  /**
   * Every cog world `worldId` sees carrying the annotation `kind`, with that
   * annotation's attributes; built-in apps' cogs first.
   */
  annotated(kind: string, worldId: string): AnnotatedCog[] {
    const out: AnnotatedCog[] = [];
    for (const app of this.inOrder(worldId)) {
      for (const cog of app.cogs) {
        const attrs = cog.annotations[kind];
        if (attrs) out.push({ app, cog, attrs });
      }
    }
    return out;
  }

  /** The wire shape of SPEC §3 "Application". */
  describe(app: App): Application {
    const annotations: Application['annotations'] = {};
    for (const cog of app.cogs) {
      for (const [kind, attrs] of Object.entries(cog.annotations)) {
        (annotations[kind] ??= []).push({ moduleName: cog.module, cogName: cog.name, attrs });
      }
    }
    return { appName: app.name, processId: app.processId, annotations };
  }
}
