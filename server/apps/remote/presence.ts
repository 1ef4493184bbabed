import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { FanOutHealth, MessageBus } from '../../cog/bus';
import type { App, AppRegistry } from '../../cog/registry';
import type { CallForwarder } from './forwarding';

/** Where instances say which remote apps' sockets they hold. */
const HELD_TOPIC = 'apps.held';
/** A newcomer (or one whose bus is back) asks everyone to say it now, not at their next beat. */
const ASK_TOPIC = 'apps.ask';

const heldAppSchema = z.object({
  worldId: z.string(),
  name: z.string(),
  processId: z.union([z.string(), z.number()]).optional(),
  cogs: z.array(
    z.object({
      module: z.string(),
      name: z.string(),
      annotations: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  ),
});
type HeldApp = z.infer<typeof heldAppSchema>;

const heldSchema = z.object({ instance: z.string(), apps: z.array(heldAppSchema) });
const askSchema = z.object({ instance: z.string() });

/** What other instances need to know of an app this one holds (its handlers stay here). */
function heldOf(app: App & { worldId: string }): HeldApp {
  return {
    worldId: app.worldId,
    name: app.name,
    ...(app.processId !== undefined ? { processId: app.processId } : {}),
    cogs: app.cogs.map((c) => ({ module: c.module, name: c.name, annotations: c.annotations })),
  };
}

const keyOf = (worldId: string, name: string) => JSON.stringify([worldId, name]);

interface Mirror {
  app: App;
  /** Its description as announced, to tell a change from a repeat. */
  said: string;
}

interface Elsewhere {
  /** When the instance last said what it holds (this instance's clock). */
  seen: number;
  apps: Map<string, Mirror>;
}

export interface AppPresenceDeps {
  bus: MessageBus;
  registry: AppRegistry;
  forwarder: CallForwarder;
  /** This instance, as the others address it. */
  instance: string;
  /** The remote apps registered through this instance's own sockets. */
  localApps(): (App & { worldId: string })[];
  /**
   * How long an instance that stopped saying what it holds keeps its apps
   * listed here (killed, cut off): each instance says it every third of this.
   */
  presenceMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Remote apps across instances. An app's socket lands on one instance; that
 * instance says on the bus which apps it holds (their cogs, without
 * handlers) whenever this changes and every presenceMs / 3 besides. Every
 * other instance registers those apps in its own registry with handlers
 * that forward each call to the holder (CallForwarder), so directories,
 * meetings, pages, flows and the Applications page find them there as they
 * find a local one, each app once.
 *
 * What an instance holds is soft state on the bus, not rows anywhere: it
 * lives exactly as long as the sockets and the instance's heartbeat, so a
 * killed instance needs no clean-up: the others drop its apps once it has
 * been silent for presenceMs. With the bus degraded nothing can be
 * forwarded, so other instances' apps are dropped at once and come back with
 * the first announcement after Redis returns.
 */
export class AppPresence {
  private readonly elsewhere = new Map<string, Elsewhere>();
  /** App objects registered here for another instance, and that instance. */
  private readonly owners = new WeakMap<App, string>();
  private readonly stops: (() => void)[] = [];
  private readonly beat: NodeJS.Timeout;
  private lastSaid = '';
  private closed = false;

  constructor(private readonly deps: AppPresenceDeps) {
    const onChanged = () => this.say(false);
    deps.registry.on('changed', onChanged);
    this.stops.push(
      () => deps.registry.off('changed', onChanged),
      deps.bus.subscribe(HELD_TOPIC, (m) => this.heard(m)),
      deps.bus.subscribe(ASK_TOPIC, (m) => {
        if (askSchema.safeParse(m).data?.instance !== deps.instance) this.say(true);
      }),
      deps.bus.onHealthChange((h) => this.healthChanged(h)),
    );
    this.beat = setInterval(
      () => {
        this.expire();
        this.say(true);
      },
      Math.max(100, Math.floor(deps.presenceMs / 3)),
    );
    this.beat.unref();
    this.say(true);
    deps.bus.publish(ASK_TOPIC, { instance: deps.instance });
  }

  /** The instance holding this app's socket, when it is not this one. */
  ownerOf(app: App): string | undefined {
    return this.owners.get(app);
  }

  /**
   * An app connecting here under a name another instance's app holds: that
   * instance is asked whether it still has the socket; if it does not (the
   * app reconnected here after that instance died) or cannot say so within
   * a moment, its entry goes, so the app is listed once: here.
   */
  async freeName(holder: App): Promise<void> {
    const owner = this.owners.get(holder);
    if (owner === undefined || holder.worldId === undefined) return;
    // Well within the app's hello timeout (10 s); a live instance answers in milliseconds.
    const askMs = Math.min(5000, this.deps.presenceMs);
    if (await this.deps.forwarder.holds(owner, holder.worldId, holder.name, askMs)) return;
    this.drop(owner, keyOf(holder.worldId, holder.name));
  }

  /** Says this instance holds nothing more, and forgets the others' apps. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.beat);
    for (const stop of this.stops) stop();
    this.deps.bus.publish(HELD_TOPIC, { instance: this.deps.instance, apps: [] });
    for (const instance of [...this.elsewhere.keys()]) this.forget(instance);
  }

  /** Publishes what this instance holds: always as a heartbeat, else only when it changed. */
  private say(always: boolean): void {
    if (this.closed) return;
    const apps = this.deps.localApps().map(heldOf);
    const text = JSON.stringify(apps);
    if (!always && text === this.lastSaid) return;
    this.lastSaid = text;
    this.deps.bus.publish(HELD_TOPIC, { instance: this.deps.instance, apps });
  }

  private heard(message: unknown): void {
    const parsed = heldSchema.safeParse(message);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, 'an apps announcement was dropped');
      return;
    }
    const { instance, apps } = parsed.data;
    if (instance === this.deps.instance || this.closed) return;
    const known = this.elsewhere.get(instance) ?? { seen: 0, apps: new Map<string, Mirror>() };
    this.elsewhere.set(instance, known);
    known.seen = Date.now();
    const now = new Set<string>();
    for (const held of apps) {
      const key = keyOf(held.worldId, held.name);
      now.add(key);
      this.mirror(instance, known, key, held);
    }
    for (const key of [...known.apps.keys()]) if (!now.has(key)) this.drop(instance, key);
    if (!known.apps.size && !apps.length) this.elsewhere.delete(instance);
  }

  /** Registers (or refreshes) another instance's app here, unless this world has that name already. */
  private mirror(instance: string, known: Elsewhere, key: string, held: HeldApp): void {
    const said = JSON.stringify(held);
    const mine = known.apps.get(key);
    const current = this.deps.registry.get(held.name, held.worldId);
    if (mine && mine.said === said && current === mine.app) return;
    if (current && !this.owners.has(current) && current !== mine?.app) {
      // A built-in, or an app whose socket is here: the name is not the other instance's.
      this.deps.log.warn(
        { app: held.name, worldId: held.worldId, instance },
        'an app another instance holds has a name taken here; not listed',
      );
      return;
    }
    const app = this.remoteApp(instance, held);
    known.apps.set(key, { app, said });
    this.owners.set(app, instance);
    this.deps.registry.register(app);
    // A holder replaced here (the app reconnected through another instance) is told so.
    const before = current && this.owners.get(current);
    if (before !== undefined && before !== instance) this.drop(before, key);
  }

  private remoteApp(instance: string, held: HeldApp): App {
    const { worldId, name } = held;
    return {
      name,
      ...(held.processId !== undefined ? { processId: held.processId } : {}),
      remote: true,
      worldId,
      cogs: held.cogs.map((c) => ({
        module: c.module,
        name: c.name,
        annotations: c.annotations,
        handler: (input, ctx) =>
          this.deps.forwarder.call(
            instance,
            { worldId, appName: name, module: c.module, cog: c.name },
            input,
            ctx,
          ),
      })),
    };
  }

  /** Another instance's app is gone from here; calls waiting for it fail as a disconnect. */
  private drop(instance: string, key: string): void {
    const known = this.elsewhere.get(instance);
    const mirror = known?.apps.get(key);
    if (!known || !mirror) return;
    known.apps.delete(key);
    const { name, worldId } = mirror.app;
    if (worldId === undefined) return;
    if (this.deps.registry.get(name, worldId) === mirror.app)
      this.deps.registry.unregister(name, worldId);
    this.deps.forwarder.failApp(instance, worldId, name);
  }

  private forget(instance: string): void {
    const known = this.elsewhere.get(instance);
    if (!known) return;
    for (const key of [...known.apps.keys()]) this.drop(instance, key);
    this.elsewhere.delete(instance);
    this.deps.forwarder.failInstance(instance);
  }

  /** Instances silent for presenceMs are taken for dead. */
  private expire(): void {
    const cutoff = Date.now() - this.deps.presenceMs;
    for (const [instance, known] of this.elsewhere) {
      if (known.seen >= cutoff) continue;
      this.deps.log.warn(
        { instance, apps: known.apps.size },
        'an instance stopped saying which apps it holds: its apps are no longer listed',
      );
      this.forget(instance);
    }
  }

  private healthChanged(health: FanOutHealth): void {
    if (this.closed) return;
    if (health.state === 'degraded') {
      // Nothing crosses now: other instances' apps cannot be reached from here.
      for (const instance of [...this.elsewhere.keys()]) this.forget(instance);
    } else {
      this.say(true);
      this.deps.bus.publish(ASK_TOPIC, { instance: this.deps.instance });
    }
  }
}
