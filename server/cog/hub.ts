import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  APP_FETCH_AFTER_HELLO_MS,
  FRAME_JSON_LIMITS,
  decodeClientFrame,
  requestIdOf,
  type ClientFrame,
  type Decoded,
  type ClientTyp,
  type Frame,
  type ServerContent,
  type ServerTyp,
} from '../../protocol';
import type { BrowserAdmission } from './admission';
import { FRAMES_TOPIC, audienceFrameSchema, reaches, type Audience } from './audiences';
import type { MessageBus } from './bus';
import type { Store } from '../store';
import type { CogConnection } from './connection';
import { onOrderedMessages } from './orderedMessages';
import { errorMessage } from './errorMessage';
import { messageText } from './messageText';

/** Sent as a text frame (a Buffer would go as binary: a Blob in the browser). */
const TEXT_FRAME = { binary: false } as const;

/**
 * A frame for many sockets, serialised and encoded once: each socket is
 * handed the same bytes, which ws writes as they are (no per-socket
 * JSON.stringify, no UTF-8 encoding per socket).
 */
function frameBytes(frame: { typ: string; content: unknown }): Buffer {
  return Buffer.from(JSON.stringify(frame));
}

/** The workspace a workspace.unavailable frame takes away from the sockets it reaches. */
function revokedWorkspace(frame: { typ: string; content: unknown }): string | undefined {
  if (frame.typ !== 'workspace.unavailable') return undefined;
  const id = (frame.content as { workspace_id?: unknown } | null)?.workspace_id;
  return typeof id === 'string' ? id : undefined;
}

export type ContextWatcher = (conn: CogConnection, value: unknown) => Promise<void>;

export type FrameHandler<T extends ClientTyp> = (
  conn: CogConnection,
  frame: ClientFrame<T>,
) => void | Promise<void>;

/** Takes over sockets that connect as a remote app (`?app=…`, app token) instead of a browser. */
export interface AppGate {
  /** Before the upgrade (awaits the store): is the app's token good for its world? */
  check(req: FastifyRequest): Promise<void>;
  /** The open socket: refused at once, or served as that app. */
  attach(socket: WebSocket, req: FastifyRequest): void;
  close(code?: number, reason?: string): void;
}

export interface HubDeps {
  store: Store;
  /** Origin, session and world checks of a browser socket, kept while it is open. */
  admit: BrowserAdmission;
  /** Frames for an audience reach its sockets on every instance through it. */
  bus: MessageBus;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  version: string;
}

/**
 * The cog hub: accepts sockets, validates every frame against protocol/,
 * dispatches by typ to registered handlers, and answers requests.
 *
 * A socket's frames are handled one after another, in the order they came: a
 * frame's handler starts once the previous frame's handler has settled, so a
 * handler that awaits the store is never overtaken by the next frame of the
 * same socket (workspace.update, then user.message). Handlers that start long
 * work (a meeting round's answers, a page cog) hand it to `background` or are
 * declared with `runsLong`, so it never holds up the socket.
 */
export class CogHub {
  private readonly handlers = new Map<ClientTyp, FrameHandler<ClientTyp>>();
  private readonly longRunning = new Set<ClientTyp>();
  private readonly conns = new Set<CogConnection>();
  private readonly contextWatchers = new Map<string, ContextWatcher[]>();
  private nextId = 1;
  private heartbeat?: NodeJS.Timeout;
  private appGate?: AppGate;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: HubDeps) {
    this.unsubscribe = deps.bus.subscribe(FRAMES_TOPIC, (message) => this.deliver(message));
    this.on('scontext.set', async (conn, frame) => {
      const { key, value } = frame.content;
      conn.context.set(key, value);
      // Another workspace (or the same one again) is let in only by its own access check.
      if (key === 'workspace_id') conn.admittedWorkspace = undefined;
      // The socket's next frame waits for these (a workspace's access check).
      for (const watcher of this.contextWatchers.get(key) ?? []) await watcher(conn, value);
    });
    this.on('client.hello', (conn) => {
      // SPEC §7: after hello, the apps the browser hosts are fetched 500 ms later.
      this.later(conn, APP_FETCH_AFTER_HELLO_MS, () => this.send(conn, 'cog.apps', {}));
    });
    this.on('cog.apps.response', (conn, frame) => {
      conn.clientApps = frame.content.apps;
    });
  }

  on<T extends ClientTyp>(typ: T, handler: FrameHandler<T>): void {
    this.handlers.set(typ, handler as unknown as FrameHandler<ClientTyp>);
  }

  /**
   * Runs when a client sets this context key (scontext.set), after the value
   * is set and before the socket's next frame is handled; a throw is that
   * frame's failure. The meeting checks a new workspace_id with it.
   */
  whenContextSet(key: string, watcher: ContextWatcher): void {
    this.contextWatchers.set(key, [...(this.contextWatchers.get(key) ?? []), watcher]);
  }

  /**
   * These frames' handlers wait on something that may take seconds (a cog, a
   * remote app): the socket's next frame waits only until such a handler has
   * started, not until it has finished. Its failure is reported as usual.
   */
  runsLong(...typs: ClientTyp[]): void {
    for (const typ of typs) this.longRunning.add(typ);
  }

  /**
   * Work a frame's handler started and does not wait for (the socket's next
   * frame is handled meanwhile); if it fails, the client hears it as that
   * frame's failure.
   */
  background(conn: CogConnection, frame: ClientFrame, work: Promise<unknown>): void {
    work.catch((err: unknown) => this.failed(conn, frame, err));
  }

  /** Sockets with `?app=` go to the gate; without a gate they are treated as browsers. */
  acceptApps(gate: AppGate): void {
    this.appGate = gate;
  }

  private isApp(req: FastifyRequest): boolean {
    return Boolean(this.appGate) && (req.query as Record<string, unknown>).app !== undefined;
  }

  connections(worldId?: string): CogConnection[] {
    return [...this.conns].filter((c) => !worldId || c.worldId === worldId);
  }

  /** The websocket route's preValidation hook: admission awaits the store before the upgrade. */
  checkBeforeUpgrade(req: FastifyRequest): Promise<void> {
    return this.isApp(req) ? this.appGate!.check(req) : this.deps.admit.check(req);
  }

  /**
   * Called by the websocket route once the socket is open; everything up to
   * the message listener is synchronous, so no frame is missed.
   */
  attach(socket: WebSocket, req: FastifyRequest): void {
    const query = req.query as Record<string, string | undefined>;
    if (this.isApp(req)) {
      this.appGate!.attach(socket, req);
      return;
    }
    const admitted = this.deps.admit.admit(socket, req);
    if (!admitted) return;
    const conn: CogConnection = {
      id: this.nextId++,
      socket,
      worldId: admitted.worldId,
      userId: admitted.userId,
      browserId: (query.browser ?? '').slice(0, 100),
      version: (query.version ?? '').slice(0, 50),
      context: new Map(),
      clientApps: [],
      alive: true,
      timers: new Set(),
    };
    this.conns.add(conn);
    // A frame is handled only while the session and the world still hold (signed out,
    // revoked, changed by another process: the socket is closing instead), in arrival order.
    onOrderedMessages(
      socket,
      admitted.admits,
      (data, isBinary) => this.receive(conn, data, isBinary),
      (err) => this.deps.log.error({ err, conn: conn.id }, 'cog frame not handled'),
    );
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => this.drop(conn));
    socket.on('error', (err) => this.deps.log.warn({ err, conn: conn.id }, 'cog socket error'));
    this.send(conn, 'server.hello', {
      version: this.deps.version,
      time: new Date().toISOString(),
      worldId: conn.worldId,
      // Which of the transcript's messages are this user's (their last question is editable).
      userId: conn.userId,
    });
    this.startHeartbeat();
  }

  send<T extends ServerTyp>(
    conn: CogConnection,
    typ: T,
    content: ServerContent<T>,
    requestId?: string,
  ): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    const frame: Frame = { typ, content };
    if (requestId) {
      frame.request_id = requestId;
      frame.envelope = { requestId };
    }
    conn.socket.send(JSON.stringify(frame));
  }

  /** Answers a request frame: the reply carries the request's id at every place clients look. */
  reply<T extends ServerTyp>(
    conn: CogConnection,
    request: Frame,
    typ: T,
    content: ServerContent<T>,
  ): void {
    const requestId = requestIdOf(request);
    const body =
      requestId && content && typeof content === 'object' && !Array.isArray(content)
        ? { ...content, request_id: requestId }
        : content;
    this.send(conn, typ, body as ServerContent<T>, requestId);
  }

  /**
   * A frame for everyone in the audience, on every instance. It goes by the
   * bus even to this instance's sockets (see `deliver`), so every socket of
   * one workspace sees its frames in one order, wherever it is connected.
   */
  toAudience<T extends ServerTyp>(audience: Audience, typ: T, content: ServerContent<T>): void {
    this.deps.bus.publish(FRAMES_TOPIC, { audience, frame: { typ, content } });
  }

  broadcast<T extends ServerTyp>(worldId: string, typ: T, content: ServerContent<T>): void {
    this.toAudience({ kind: 'world', worldId }, typ, content);
  }

  /** To every socket of one account (in one world, or in all of them), on every instance. */
  toUser<T extends ServerTyp>(
    userId: string,
    typ: T,
    content: ServerContent<T>,
    worldId?: string,
  ): void {
    this.toAudience({ kind: 'user', userId, ...(worldId ? { worldId } : {}) }, typ, content);
  }

  /** Runs fn after ms unless the connection closes first. */
  later(conn: CogConnection, ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      conn.timers.delete(t);
      fn();
    }, ms);
    conn.timers.add(t);
  }

  /** Closes every socket, browsers' and apps', with this code (a stopping server: 1012, reconnect). */
  close(code = 1001, reason = 'Server shutting down'): void {
    this.unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.appGate?.close(code, reason);
    for (const conn of this.conns) conn.socket.close(code, reason);
  }

  /**
   * A frame for an audience, from the bus (published here or on another
   * instance): written once, sent to this instance's sockets in it.
   */
  private deliver(message: unknown): void {
    const parsed = audienceFrameSchema.safeParse(message);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, 'a frame from the bus was dropped');
      return;
    }
    const { audience, frame } = parsed.data;
    let bytes: Buffer | undefined;
    const revoked = revokedWorkspace(frame);
    for (const conn of this.conns) {
      if (!reaches(audience, conn)) continue;
      // Access taken away (removed, or no longer shared): no more of the workspace's frames.
      if (revoked && conn.admittedWorkspace === revoked) conn.admittedWorkspace = undefined;
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      bytes ??= frameBytes(frame);
      conn.socket.send(bytes, TEXT_FRAME);
    }
  }

  /**
   * One frame, in its turn (onOrderedMessages): settles when its handler has
   * (a long-running one: once it has started), so the socket's next frame
   * waits for it. Whatever one frame does ends with that frame: a throw or a
   * rejection out of here would end the process.
   */
  private async receive(conn: CogConnection, data: RawData, isBinary: boolean): Promise<void> {
    let frame: ClientFrame | undefined;
    try {
      frame = this.decode(conn, data, isBinary);
      if (frame) await this.dispatch(conn, frame);
    } catch (err) {
      this.failed(conn, frame, err);
    }
  }

  /** The frame, or undefined when it is refused (and the client was told why). */
  private decode(conn: CogConnection, data: RawData, isBinary: boolean): ClientFrame | undefined {
    if (isBinary) {
      this.refuse(conn, 'Binary frames are not accepted on this socket');
      return undefined;
    }
    const text = messageText(data, FRAME_JSON_LIMITS);
    const decoded: Decoded<ClientFrame> = text.ok ? decodeClientFrame(text.text) : text;
    if (decoded.ok) return decoded.frame;
    this.refuse(conn, decoded.reason, decoded.typ, decoded.requestId);
    return undefined;
  }

  /** Settles when the frame's handler has (a long-running one: once it has started). */
  private async dispatch(conn: CogConnection, frame: ClientFrame): Promise<void> {
    const handler = this.handlers.get(frame.typ);
    if (!handler) {
      this.refuse(
        conn,
        `"${frame.typ}" is not handled by this server`,
        frame.typ,
        requestIdOf(frame),
      );
      return;
    }
    const result = handler(conn, frame);
    if (!(result instanceof Promise)) return;
    if (this.longRunning.has(frame.typ)) this.background(conn, frame, result);
    else await result;
  }

  /** A frame whose handling threw: an error frame naming it and a console entry. Never throws. */
  private failed(conn: CogConnection, frame: ClientFrame | undefined, err: unknown): void {
    const message = errorMessage(err);
    this.deps.log.error({ err, typ: frame?.typ }, 'cog frame failed');
    try {
      const typ = frame ? { typ: frame.typ } : {};
      this.send(conn, 'server.error', { error: message, ...typ }, frame && requestIdOf(frame));
    } catch (again) {
      this.deps.log.error({ err: again }, 'cog error frame not sent');
      conn.socket.terminate(); // cannot even answer: drop this peer, keep the server
    }
    this.toConsole(conn, 'hub.error', `${frame?.typ ?? 'A frame'} failed: ${message}`);
  }

  /** An invalid frame: an error frame back and a console entry; the connection stays up. */
  private refuse(conn: CogConnection, reason: string, typ?: string, requestId?: string): void {
    this.send(conn, 'server.error', { error: reason, ...(typ ? { typ } : {}) }, requestId);
    this.toConsole(
      conn,
      'hub.warning',
      `Refused frame${typ ? ` ${typ}` : ''} from browser ${conn.browserId || '?'}: ${reason}`,
    );
  }

  /** A console entry; a store that cannot take it loses the entry, not the frame's answer. */
  private toConsole(conn: CogConnection, from: string, message: string): void {
    this.deps.store.console.appendInBackground(
      conn.worldId,
      { app_name: 'emgen', from, message },
      (err) => this.deps.log.error({ err, message }, 'console entry lost'),
    );
  }

  private drop(conn: CogConnection): void {
    for (const t of conn.timers) clearTimeout(t);
    this.conns.delete(conn);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.deps.heartbeatMs);
    this.heartbeat.unref();
  }

  /** ping/pong finds dead peers; server.heartbeat lets the client see the server is alive. */
  private beat(): void {
    const heartbeat = frameBytes({
      typ: 'server.heartbeat',
      content: { time: new Date().toISOString() } satisfies ServerContent<'server.heartbeat'>,
    });
    for (const conn of this.conns) {
      if (!conn.alive) {
        conn.socket.terminate();
        this.drop(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(heartbeat, TEXT_FRAME);
    }
  }
}
