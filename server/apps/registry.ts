import { EventEmitter } from 'node:events';
import type { Application } from '../../protocol';

/** What a cog's handler is given besides its arguments. */
export interface CogContext {
  worldId: string;
  userId?: string;
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
  cogs: Cog[];
}

export interface AnnotatedCog {
  app: App;
  cog: Cog;
  attrs: Record<string, unknown>;
}

/** Every app the server knows, in-process or remote; the admin pages show exactly this. */
export class AppRegistry extends EventEmitter<{ changed: [] }> {
  private readonly apps = new Map<string, App>();

  register(app: App): void {
    this.apps.set(app.name, app);
    this.emit('changed');
  }

  unregister(name: string): boolean {
    const had = this.apps.delete(name);
    if (had) this.emit('changed');
    return had;
  }

  get(name: string): App | undefined {
    return this.apps.get(name);
  }

  list(): App[] {
    return [...this.apps.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every cog carrying the annotation `kind`, with that annotation's attributes. */
  annotated(kind: string): AnnotatedCog[] {
    const out: AnnotatedCog[] = [];
    for (const app of this.list()) {
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
