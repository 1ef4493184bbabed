import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  FRAME_JSON_LIMITS,
  decodeClientFrame,
  encodeFrame,
  requestIdOf,
  type ClientFrame,
  type Decoded,
  type Frame,
  type ServerContent,
  type ServerTyp,
} from '../../../protocol';
import { errorMessage } from '../../cog/errorMessage';
import type { CogHub } from '../../cog/hub';
import { onOrderedMessages } from '../../cog/orderedMessages';
import { withTimeout } from '../../cog/timeout';
import { messageText } from '../../cog/messageText';
import type { Store } from '../../store';
import type { App, AppRegistry, CogContext } from '../../cog/registry';
import { appCallTimedOut, appDisconnected, appNotConnected } from './appErrors';
import { checkDeclaredCogs } from './declared';

/** Close codes of an app socket besides 4401 'Invalid app token'. */
export const CLOSE_APP_PROTOCOL = 4400;
export const CLOSE_APP_WRONG_NAME = 4403;
export const CLOSE_APP_HELLO_TIMEOUT = 4408;
export const CLOSE_APP_NAME_TAKEN = 4409;

/** How long the server waits for an app's answer to a forwarded cog.call. */
export const REMOTE_CALL_TIMEOUT_MS = 30_000;
/** An app that has not said cog.hello by then is disconnected. */
export const HELLO_TIMEOUT_MS = 10_000;
/** Calls waiting for an answer at once, per app; more are refused. */
const MAX_PENDING_CALLS = 1000;

export interface AppConnectionDeps {
  store: Store;
  registry: AppRegistry;
  hub: CogHub;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  callTimeoutMs: number;
  helloTimeoutMs: number;
  /**
   * With many instances: frees a name another instance's app holds in the
   * registry when that instance no longer has its socket (it died, the app
   * reconnected here): unregisters it then. Any other holder is left alone.
   */
  freeName?: (holder: App) => Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

const describeProcess = (app: App) =>
  `process ${app.processId === undefined ? 'unknown' : String(app.processId)}`;

/**
 * One remote app's socket, after its token was accepted: waits for cog.hello,
 * registers the app with forwarding handlers, relays cog.call / cog.call.response
 * and cog.event, and unregisters the app when the socket closes.
 */
export class RemoteAppConnection {
  private app?: App;
  private readonly pending = new Map<string, Pending>();
  private nextCall = 1;
  private alive = true;
  private readonly heartbeat: NodeJS.Timeout;
  private helloTimer?: NodeJS.Timeout;
  private finished = false;

  constructor(
    private readonly socket: WebSocket,
    readonly appName: string,
    readonly worldId: string,
    private readonly deps: AppConnectionDeps,
    /** The token still holds (awaited before each frame, which are handled in order). */
    admits: () => Promise<boolean> = async () => true,
  ) {
    onOrderedMessages(
      socket,
      admits,
      (data, isBinary) => this.receive(data, isBinary),
      (err) => deps.log.error({ err, app: appName }, 'app frame not handled'),
    );
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.finish());
    socket.on('error', (err) => deps.log.warn({ err, app: appName }, 'app socket error'));
    this.helloTimer = setTimeout(
      () => socket.close(CLOSE_APP_HELLO_TIMEOUT, 'No cog.hello'),
      deps.helloTimeoutMs,
    );
    this.heartbeat = setInterval(() => this.beat(), deps.heartbeatMs);
    this.heartbeat.unref();
  }

  /** The app as this connection registered it, while it is registered. */
  get registered(): App | undefined {
    const app = this.app;
    return app && !this.finished && this.deps.registry.get(app.name, this.worldId) === app
      ? app
      : undefined;
  }

  /** Forwards a call to the app and resolves with its cog.call.response. */
  call(
    module: string,
    cog: string,
    input: { args?: unknown[]; kvargs?: Record<string, unknown> },
    ctx: CogContext,
  ): Promise<unknown> {
    const where = `${this.appName}/${module}/${cog}`;
    if (ctx.worldId !== this.worldId)
      return Promise.reject(new Error(`App "${this.appName}" serves world ${this.worldId} only`));
    if (this.socket.readyState !== this.socket.OPEN)
      return Promise.reject(appNotConnected(this.appName));
    if (this.pending.size >= MAX_PENDING_CALLS)
      return Promise.reject(new Error(`App "${this.appName}" has too many calls waiting`));
    const id = `call-${this.nextCall++}`;
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.send(
          'cog.call',
          {
            appname: this.appName,
            module,
            cog,
            ...(input.args ? { args: input.args } : {}),
            ...(input.kvargs ? { kvargs: input.kvargs } : {}),
          },
          id,
        );
      } catch (err) {
        this.pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    return withTimeout(answer, this.deps.callTimeoutMs, () => {
      this.pending.delete(id);
      return appCallTimedOut(where, this.deps.callTimeoutMs);
    });
  }

  /** Server shutdown: unregisters now, while the store is still open, then closes the socket. */
  close(code = 1001, reason = 'Server shutting down'): void {
    this.finish();
    this.socket.close(code, reason);
  }

  private send<T extends ServerTyp>(typ: T, content: ServerContent<T>, requestId?: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const frame: Frame = { typ, content };
    if (requestId) {
      frame.request_id = requestId;
      frame.envelope = { requestId };
    }
    this.socket.send(encodeFrame(frame));
  }

  private reply<T extends ServerTyp>(request: Frame, typ: T, content: ServerContent<T>): void {
    const requestId = requestIdOf(request);
    this.send(
      typ,
      {
        ...(content as object),
        ...(requestId ? { request_id: requestId } : {}),
      } as ServerContent<T>,
      requestId,
    );
  }

  /** A console entry; a store that cannot take it loses the entry, not the frame's answer. */
  private warn(message: string): void {
    this.toConsole('app.warning', message);
  }

  /** Written in the background: a failed write is logged, never thrown at the caller. */
  private toConsole(from: string, message: string, appName = this.appName): void {
    this.deps.store.console.appendInBackground(
      this.worldId,
      { app_name: appName, from, message },
      (err) => this.deps.log.error({ err, app: this.appName, message }, 'console entry lost'),
    );
  }

  /**
   * The 'message' listener: a frame whose handling throws gets a server.error
   * naming its typ and request id, and the connection goes on. A throw out of
   * a ws listener would be an uncaught exception and end the process.
   */
  private async receive(data: RawData, isBinary: boolean): Promise<void> {
    if (this.finished) return;
    let frame: ClientFrame | undefined;
    try {
      frame = this.decode(data, isBinary);
      if (frame) await this.dispatch(frame);
    } catch (err) {
      this.failed(err, frame);
    }
  }

  /** The frame, or undefined when it was refused (and the app told why). */
  private decode(data: RawData, isBinary: boolean): ClientFrame | undefined {
    const text = isBinary ? undefined : messageText(data, FRAME_JSON_LIMITS);
    const decoded: Decoded<ClientFrame> = !text
      ? { ok: false, reason: 'Binary frames are not accepted on this socket' }
      : text.ok
        ? decodeClientFrame(text.text)
        : text;
    if (decoded.ok) return decoded.frame;
    this.send(
      'server.error',
      { error: decoded.reason, ...(decoded.typ ? { typ: decoded.typ } : {}) },
      decoded.requestId,
    );
    this.warn(
      `Refused frame${decoded.typ ? ` ${decoded.typ}` : ''} from app ${this.appName}: ${decoded.reason}`,
    );
    if (decoded.typ === 'cog.call.response' && decoded.requestId)
      this.failCall(
        decoded.requestId,
        `App "${this.appName}" answered with a refused frame: ${decoded.reason}`,
      );
    return undefined;
  }

  /** A call whose answer could not be read fails now, not at its timeout. */
  private failCall(id: string, message: string): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    waiting.reject(new Error(message));
  }

  private async dispatch(frame: ClientFrame): Promise<void> {
    if (frame.typ === 'cog.hello') return this.hello(frame);
    if (!this.app) {
      this.send('server.error', { error: 'The first frame must be cog.hello', typ: frame.typ });
      this.socket.close(CLOSE_APP_PROTOCOL, 'Expected cog.hello first');
      return;
    }
    if (frame.typ === 'cog.call.response') return this.settle(frame);
    if (frame.typ === 'cog.event') return this.event(frame);
    this.send(
      'server.error',
      { error: `"${frame.typ}" is not accepted from an app`, typ: frame.typ },
      requestIdOf(frame),
    );
  }

  /** A frame whose handling threw: an error frame naming it and a console entry. Never throws. */
  private failed(err: unknown, frame: ClientFrame | undefined): void {
    const message = errorMessage(err);
    this.deps.log.error({ err, app: this.appName, typ: frame?.typ }, 'app frame failed');
    try {
      const typ = frame ? { typ: frame.typ } : {};
      this.send('server.error', { error: message, ...typ }, frame && requestIdOf(frame));
    } catch (again) {
      this.deps.log.error({ err: again, app: this.appName }, 'app error frame not sent');
      this.socket.terminate(); // cannot even answer: drop this app, keep the server
    }
    this.warn(`${frame?.typ ?? 'A frame'} from app ${this.appName} failed: ${message}`);
  }

  private async hello(frame: ClientFrame<'cog.hello'>): Promise<void> {
    const { appName, processId, cogs } = frame.content;
    const refuse = (error: string, code?: number, reason?: string) => {
      this.reply(frame, 'cog.hello.response', { status: 'error', error });
      if (code) this.socket.close(code, reason);
    };
    if (this.app) return refuse(`App "${this.appName}" is already registered on this connection`);
    if (appName !== this.appName)
      return refuse(
        `This token is for app "${this.appName}", not "${appName}"`,
        CLOSE_APP_WRONG_NAME,
        'Wrong app name',
      );
    // A name held for an instance that no longer has the app (it died) is freed first.
    const holder = this.deps.registry.get(appName, this.worldId);
    if (holder && this.deps.freeName) await this.deps.freeName(holder);
    if (this.finished) return;
    // Built-in apps are in every world, so their names are taken everywhere.
    if (this.deps.registry.get(appName, this.worldId))
      return refuse(
        `An app named "${appName}" is already registered`,
        CLOSE_APP_NAME_TAKEN,
        'App name taken',
      );
    const checked = checkDeclaredCogs(cogs, this.deps.registry, {
      name: appName,
      worldId: this.worldId,
    });
    if (checked.problem) return refuse(checked.problem, CLOSE_APP_PROTOCOL, 'Invalid cogs');

    clearTimeout(this.helloTimer);
    const app: App = {
      name: appName,
      ...(processId !== undefined ? { processId } : {}),
      remote: true,
      worldId: this.worldId,
      cogs: cogs.map((c) => ({
        module: c.module,
        name: c.cog,
        annotations: c.annotations,
        handler: (input, ctx) => this.call(c.module, c.cog, input, ctx),
      })),
    };
    this.app = app;
    this.deps.registry.register(app);
    this.reply(frame, 'cog.hello.response', { status: 'success' });
    this.toConsole(
      'system',
      `Remote app ${appName} connected (${describeProcess(app)}, ${cogs.length} cogs)`,
    );
    for (const note of checked.notes) this.warn(note);
  }

  private settle(frame: ClientFrame<'cog.call.response'>): void {
    const id = requestIdOf(frame);
    const waiting = id ? this.pending.get(id) : undefined;
    if (!id || !waiting) {
      this.deps.log.warn({ app: this.appName, id }, 'cog.call.response for no waiting call');
      return;
    }
    this.pending.delete(id);
    const { status, result, error } = frame.content;
    if (status === 'success') waiting.resolve(result);
    else waiting.reject(new Error(error || `App "${this.appName}" reported an error`));
  }

  /** Written to the console first: an event the store cannot take is refused, not relayed. */
  private async event(frame: ClientFrame<'cog.event'>): Promise<void> {
    const content = frame.content as Record<string, unknown>;
    const name = typeof content.name === 'string' ? content.name : undefined;
    const level = typeof content.level === 'string' ? content.level : '';
    const text =
      typeof content.message === 'string'
        ? content.message
        : JSON.stringify(content).slice(0, 1000);
    await this.deps.store.console.append(this.worldId, {
      app_name: this.appName,
      from: /^(error|warning)$/.test(level) ? `event.${level}` : 'event',
      message: name ? `${name}: ${text}` : text,
    });
    this.deps.hub.broadcast(this.worldId, 'cog.event', { ...content, appName: this.appName });
  }

  private beat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
  }

  /** Once per connection: pending calls fail, the app is unregistered and the console told. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.helloTimer);
    clearInterval(this.heartbeat);
    for (const [id, waiting] of this.pending) {
      waiting.reject(appDisconnected(this.appName));
      this.pending.delete(id);
    }
    const app = this.app;
    if (!app || this.deps.registry.get(app.name, this.worldId) !== app) return;
    this.deps.registry.unregister(app.name, this.worldId);
    this.toConsole(
      'system',
      `Remote app ${app.name} disconnected (${describeProcess(app)})`,
      app.name,
    );
  }
}
