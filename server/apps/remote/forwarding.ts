import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MessageBus } from '../../cog/bus';
import { errorMessage } from '../../cog/errorMessage';
import type { CogContext } from '../../cog/registry';
import type { RemoteAppConnection } from './appConnection';
import { appCallTimedOut, appDisconnected, appNotConnected } from './appErrors';

/** What a cog is called with, as it travels between instances. */
export interface CallInput {
  args?: unknown[];
  kvargs?: Record<string, unknown>;
}

/**
 * The caller waits this much longer than the app's own timeout: the instance
 * holding the socket times the call out first, and says so in the same words.
 */
const CALLER_GRACE_MS = 2000;

const callTopic = (instance: string) => `apps.call.${instance}`;
const replyTopic = (instance: string) => `apps.reply.${instance}`;

const requestSchema = z.object({
  id: z.string(),
  from: z.string(),
  /** 'call' runs a cog; 'holds' asks whether the app's socket is still on that instance. */
  kind: z.enum(['call', 'holds']),
  worldId: z.string(),
  appName: z.string(),
  module: z.string(),
  cog: z.string(),
  input: z.object({
    args: z.array(z.unknown()).optional(),
    kvargs: z.record(z.string(), z.unknown()).optional(),
  }),
  ctx: z.object({ worldId: z.string(), userId: z.string().optional() }),
});
type Request = z.infer<typeof requestSchema>;

const replySchema = z.union([
  z.object({ id: z.string(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: z.string(), ok: z.literal(false), error: z.string() }),
]);

interface Waiting {
  owner: string;
  worldId: string;
  appName: string;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export interface CallForwarderDeps {
  bus: MessageBus;
  /** This instance, as the others address it. */
  instance: string;
  /** The connection of this instance holding the app's socket, if it does. */
  localApp(worldId: string, appName: string): RemoteAppConnection | undefined;
  callTimeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Request and reply over the message bus: a cog of an app whose socket is on
 * another instance is called there, and its answer or error comes back here.
 * The instance holding the socket runs the call exactly as for its own
 * callers (RemoteAppConnection.call: timeout, pending cap, disconnect), so
 * what a user sees does not depend on the instance that took their socket.
 */
export class CallForwarder {
  private readonly waiting = new Map<string, Waiting>();
  private readonly stops: (() => void)[];

  constructor(private readonly deps: CallForwarderDeps) {
    this.stops = [
      deps.bus.subscribe(callTopic(deps.instance), (m) => void this.answer(m)),
      deps.bus.subscribe(replyTopic(deps.instance), (m) => this.settle(m)),
    ];
  }

  /** Runs `appName/module/cog` on the instance `owner`, which holds the app's socket. */
  call(
    owner: string,
    target: { worldId: string; appName: string; module: string; cog: string },
    input: CallInput,
    ctx: CogContext,
  ): Promise<unknown> {
    const where = `${target.appName}/${target.module}/${target.cog}`;
    return this.ask(
      owner,
      'call',
      target,
      input,
      ctx,
      this.deps.callTimeoutMs + CALLER_GRACE_MS,
      () => appCallTimedOut(where, this.deps.callTimeoutMs),
    );
  }

  /** Whether `owner` still holds the app's socket; false when it does not answer within `ms`. */
  async holds(owner: string, worldId: string, appName: string, ms: number): Promise<boolean> {
    const target = { worldId, appName, module: '', cog: '' };
    try {
      const held = await this.ask(owner, 'holds', target, {}, { worldId }, ms, () =>
        appDisconnected(appName),
      );
      return held === true;
    } catch {
      return false;
    }
  }

  /** The app went from `owner` (its socket closed there, or the instance is gone). */
  failApp(owner: string, worldId: string, appName: string): void {
    this.fail((w) => w.owner === owner && w.worldId === worldId && w.appName === appName);
  }

  /** Every call to `owner` fails: it stopped saying it is alive, or the bus is down. */
  failInstance(owner?: string): void {
    this.fail((w) => owner === undefined || w.owner === owner);
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.failInstance();
  }

  private ask(
    owner: string,
    kind: Request['kind'],
    target: { worldId: string; appName: string; module: string; cog: string },
    input: CallInput,
    ctx: CogContext,
    ms: number,
    timedOut: () => Error,
  ): Promise<unknown> {
    const id = randomUUID();
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(timedOut());
      }, ms);
      timer.unref();
      this.waiting.set(id, {
        owner,
        worldId: target.worldId,
        appName: target.appName,
        resolve,
        reject,
        timer,
      });
      const request: Request = {
        id,
        from: this.deps.instance,
        kind,
        ...target,
        input,
        ctx: { worldId: ctx.worldId, ...(ctx.userId !== undefined ? { userId: ctx.userId } : {}) },
      };
      this.deps.bus.publish(callTopic(owner), request);
    });
  }

  private fail(which: (w: Waiting) => boolean): void {
    for (const [id, w] of this.waiting) {
      if (!which(w)) continue;
      this.waiting.delete(id);
      clearTimeout(w.timer);
      w.reject(appDisconnected(w.appName));
    }
  }

  /** A request for an app whose socket is here: run it as a local caller would. */
  private async answer(message: unknown): Promise<void> {
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, 'an app call from the bus was dropped');
      return;
    }
    const r = parsed.data;
    const conn = this.deps.localApp(r.worldId, r.appName);
    let reply: z.infer<typeof replySchema>;
    if (r.kind === 'holds') {
      reply = { id: r.id, ok: true, result: Boolean(conn) };
    } else {
      try {
        if (!conn) throw appNotConnected(r.appName);
        reply = { id: r.id, ok: true, result: await conn.call(r.module, r.cog, r.input, r.ctx) };
      } catch (err) {
        reply = { id: r.id, ok: false, error: errorMessage(err) };
      }
    }
    this.deps.bus.publish(replyTopic(r.from), reply);
  }

  private settle(message: unknown): void {
    const parsed = replySchema.safeParse(message);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, 'an app reply from the bus was dropped');
      return;
    }
    const reply = parsed.data;
    const w = this.waiting.get(reply.id);
    if (!w) return; // timed out, or failed when its app went
    this.waiting.delete(reply.id);
    clearTimeout(w.timer);
    if (reply.ok) w.resolve(reply.result);
    else w.reject(new Error(reply.error));
  }
}
