/**
 * A small client for EMgen apps that run in their own process (see client/README.md).
 * It connects to /api/ws/cog with an app token, declares its cogs with cog.hello,
 * answers the server's cog.call frames by running the cogs' handlers, pushes
 * cog.event frames, and reconnects with backoff when the connection drops.
 */
import WebSocket from 'ws';
import {
  decodeServerFrame,
  encodeFrame,
  requestIdOf,
  type DeclaredCog,
  type Frame,
  type ServerFrame,
} from '../protocol';

export interface CogCallInput {
  args: unknown[];
  kvargs: Record<string, unknown>;
}

export interface CogCallContext {
  appName: string;
  worldId: string;
  module: string;
  cog: string;
}

/** Runs one cog call; the return value (JSON) is the call's result, a throw its error. */
export type CogAppHandler = (input: CogCallInput, ctx: CogCallContext) => unknown;

export interface CogDefinition {
  module: string;
  name: string;
  /** e.g. { command: {...} }, { expert: {...} }, { tool: {...} }, { callable: {} } */
  annotations?: Record<string, Record<string, unknown>>;
  handler: CogAppHandler;
}

export interface CogAppOptions {
  /** The server: http(s)://host[:port] or ws(s)://host[:port][/api/ws/cog]. */
  url: string;
  worldId: string;
  appName: string;
  /** From `npm run users -- app-token <app-name> <world>`. */
  token: string;
  /** Shown in the admin Applications page (default: this process's pid). */
  processId?: string | number;
  /** Reconnect after a dropped connection (default true). */
  reconnect?: boolean;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** No frame or ping from the server for this long means the connection is dead. */
  deadAfterMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface CogAppEvent {
  name: string;
  message?: string;
  level?: 'info' | 'warning' | 'error';
  [key: string]: unknown;
}

/** The server refused the app for good (bad token, wrong name, invalid cogs): no retry helps. */
export class CogAppRefusedError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

type Listeners = {
  registered: () => void;
  disconnected: (info: { code: number; reason: string }) => void;
  error: (err: Error) => void;
  /** Any other frame the server sent (cog.event, server.error, …). */
  frame: (frame: ServerFrame) => void;
};

/** Close codes after which reconnecting cannot succeed. */
const PERMANENT_CLOSE = new Set([4400, 4401, 4403]);

/** ws(s)://…/api/ws/cog?worldId=…&app=… for a server URL. */
export function cogSocketUrl(base: string, worldId: string, appName: string): string {
  const u = new URL(base);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  if (!u.pathname.endsWith('/api/ws/cog'))
    u.pathname = `${u.pathname.replace(/\/+$/, '')}/api/ws/cog`;
  u.searchParams.set('worldId', worldId);
  u.searchParams.set('app', appName);
  return u.toString();
}

export class CogApp {
  private readonly cogs = new Map<string, CogDefinition>();
  private readonly listeners: { [K in keyof Listeners]: Set<Listeners[K]> } = {
    registered: new Set(),
    disconnected: new Set(),
    error: new Set(),
    frame: new Set(),
  };
  private socket?: WebSocket;
  private registered = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer?: NodeJS.Timeout;
  private deadTimer?: NodeJS.Timeout;
  private lastRefusal?: string;
  private firstConnect?: { promise: Promise<void>; resolve(): void; reject(err: Error): void };

  constructor(private readonly opts: CogAppOptions) {}

  /** Is the app registered on the server right now? */
  get connected(): boolean {
    return this.registered;
  }

  /** Declares a cog; all cogs are declared before connect(). */
  cog(def: CogDefinition): this {
    if (this.socket) throw new Error('Declare cogs before connect()');
    const key = `${def.module}/${def.name}`;
    if (this.cogs.has(key)) throw new Error(`Cog ${key} is declared twice`);
    this.cogs.set(key, def);
    return this;
  }

  on<K extends keyof Listeners>(event: K, listener: Listeners[K]): this {
    this.listeners[event].add(listener);
    return this;
  }

  off<K extends keyof Listeners>(event: K, listener: Listeners[K]): this {
    this.listeners[event].delete(listener);
    return this;
  }

  /**
   * Connects and registers the app; resolves once the server accepted cog.hello.
   * Rejects when the server refuses the app for good or close() is called first.
   * Later drops reconnect in the background (unless reconnect is false).
   */
  connect(): Promise<void> {
    if (this.firstConnect) return this.firstConnect.promise;
    this.stopped = false;
    let resolve!: () => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.firstConnect = { promise, resolve, reject };
    this.open();
    return promise;
  }

  /** Pushes an event to the server (a console entry, relayed to the world's browsers). */
  emit(event: CogAppEvent): boolean {
    if (!this.registered || !this.socket) return false;
    return this.sendOn(this.socket, { typ: 'cog.event', content: event });
  }

  /** Disconnects for good; the app is unregistered on the server. */
  close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.deadTimer);
    this.settleFirst(new Error('Closed before the app was registered'));
    this.firstConnect = undefined;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000, 'App closing');
    });
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.opts.log?.(level, `[${this.opts.appName}] ${message}`);
  }

  private fire<K extends keyof Listeners>(event: K, ...args: Parameters<Listeners[K]>): void {
    for (const l of this.listeners[event]) (l as (...a: Parameters<Listeners[K]>) => void)(...args);
  }

  private settleFirst(err?: Error): void {
    const first = this.firstConnect;
    if (!first) return;
    if (err) first.reject(err);
    else first.resolve();
  }

  private open(): void {
    const { url, worldId, appName, token } = this.opts;
    const socket = new WebSocket(cogSocketUrl(url, worldId, appName), {
      headers: { Authorization: `Bearer ${token}` },
      handshakeTimeout: 8000,
    });
    this.socket = socket;
    this.lastRefusal = undefined;
    socket.on('open', () => {
      this.alive();
      const cogs: DeclaredCog[] = [...this.cogs.values()].map((c) => ({
        module: c.module,
        cog: c.name,
        annotations: c.annotations ?? {},
      }));
      this.sendOn(socket, {
        typ: 'cog.hello',
        content: { appName, processId: this.opts.processId ?? process.pid, cogs },
        request_id: 'hello',
      });
    });
    socket.on('ping', () => this.alive());
    socket.on('message', (data) => {
      this.alive();
      this.receive(socket, data.toString());
    });
    socket.on('error', (err) => {
      this.log('warn', `socket error: ${err.message}`);
      this.fire('error', err);
    });
    socket.on('close', (code, reasonBuf) => this.dropped(socket, code, reasonBuf.toString()));
  }

  /** Restarts the dead-connection timer. */
  private alive(): void {
    clearTimeout(this.deadTimer);
    const ms = this.opts.deadAfterMs ?? 90_000;
    this.deadTimer = setTimeout(() => {
      this.log('warn', `nothing from the server for ${ms} ms; reconnecting`);
      this.socket?.terminate();
    }, ms);
    this.deadTimer.unref?.();
  }

  private sendOn(socket: WebSocket, frame: Frame): boolean {
    if (socket.readyState !== WebSocket.OPEN) return false;
    socket.send(encodeFrame(frame));
    return true;
  }

  private receive(socket: WebSocket, text: string): void {
    const decoded = decodeServerFrame(text);
    if (!decoded.ok) {
      this.log('warn', `ignored frame: ${decoded.reason}`);
      return;
    }
    const frame = decoded.frame;
    switch (frame.typ) {
      case 'cog.hello.response':
        if (frame.content.status === 'success') {
          this.registered = true;
          this.attempt = 0;
          this.log('info', 'registered');
          this.settleFirst();
          this.fire('registered');
        } else {
          this.lastRefusal = frame.content.error ?? 'cog.hello refused';
          this.log('error', `cog.hello refused: ${this.lastRefusal}`);
        }
        return;
      case 'cog.call':
        void this.answer(socket, frame);
        return;
      case 'server.error':
        this.log('warn', `server error: ${frame.content.error}`);
        break;
      default:
        break;
    }
    this.fire('frame', frame);
  }

  private async answer(socket: WebSocket, frame: ServerFrame<'cog.call'>): Promise<void> {
    const requestId = requestIdOf(frame);
    const { module, cog, args = [], kvargs = {} } = frame.content;
    let content: { status: 'success' | 'error'; result?: unknown; error?: string };
    try {
      const def = this.cogs.get(`${module}/${cog}`);
      if (!def) throw new Error(`Unknown cog ${module}/${cog}`);
      const ctx = { appName: this.opts.appName, worldId: this.opts.worldId, module, cog };
      const result = await def.handler({ args, kvargs }, ctx);
      content = { status: 'success', ...(result !== undefined ? { result } : {}) };
    } catch (err) {
      const error = err instanceof Error ? err.message || 'Unknown error' : String(err);
      this.log('warn', `${module}/${cog} failed: ${error}`);
      content = { status: 'error', error };
    }
    this.sendOn(socket, {
      typ: 'cog.call.response',
      content,
      ...(requestId ? { request_id: requestId, envelope: { requestId } } : {}),
    });
  }

  private dropped(socket: WebSocket, code: number, reason: string): void {
    if (socket !== this.socket) return;
    clearTimeout(this.deadTimer);
    const wasRegistered = this.registered;
    this.registered = false;
    this.socket = undefined;
    if (wasRegistered) this.fire('disconnected', { code, reason });
    if (this.stopped) return;
    if (PERMANENT_CLOSE.has(code)) {
      const err = new CogAppRefusedError(
        this.lastRefusal ?? (reason || `Closed with ${code}`),
        code,
      );
      this.log('error', `refused by the server (${code}): ${err.message}`);
      this.stopped = true;
      this.settleFirst(err);
      this.firstConnect = undefined;
      this.fire('error', err);
      return;
    }
    if (this.opts.reconnect === false) {
      this.stopped = true;
      this.settleFirst(new Error(`Connection closed (${code}${reason ? `: ${reason}` : ''})`));
      this.firstConnect = undefined;
      return;
    }
    const min = this.opts.minBackoffMs ?? 500;
    const max = this.opts.maxBackoffMs ?? 30_000;
    const delay = Math.min(max, min * 2 ** this.attempt++) * (0.5 + Math.random() * 0.5);
    this.log('info', `connection closed (${code}); reconnecting in ${Math.round(delay)} ms`);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }
}
