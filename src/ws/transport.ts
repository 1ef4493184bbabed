/**
 * One socket at a time, with a connect timeout and exactly-once close reports.
 * Knows nothing of Redux: the cog middleware drives it, tests drive it with a
 * fake socket (STYLE item 6).
 */

/**
 * Handler slots use method-derived types so that parameter checks are
 * bivariant: the DOM `WebSocket` (whose handlers take `MessageEvent` /
 * `CloseEvent`) is then assignable to `WebSocketLike` without a cast.
 */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'] | null;

export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown>;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<{ code: number; reason: string; wasClean: boolean }>;
  onerror: Handler<unknown>;
}

export type WebSocketCtor = new (url: string) => WebSocketLike;

export interface CloseInfo {
  code: number;
  reason: string;
  wasClean: boolean;
}

export interface TransportHandlers {
  onOpen?(): void;
  /** Normally the frame's text; binary data is passed through so the decoder can refuse it. */
  onMessage?(data: unknown): void;
  onClose?(info: CloseInfo): void;
}

/** Timer functions as injected; method syntax keeps host timer signatures assignable. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface TransportDeps extends Timers {
  WebSocketImpl: WebSocketCtor;
  connectTimeoutMs: number;
  handlers?: TransportHandlers;
}

/** Close code the transport reports when the socket did not open in time. */
export const CONNECT_TIMEOUT_CODE = 4008;
export const CONNECT_TIMEOUT_REASON = 'Connect timeout';
/** Close code reported when the WebSocket constructor itself throws (e.g. a bad URL). */
const ABNORMAL_CLOSE_CODE = 1006;
const WS_OPEN = 1;

interface Connection {
  socket: WebSocketLike | null;
  opened: boolean;
  reported: boolean;
  timer: unknown;
}

export class CogTransport {
  private readonly deps: TransportDeps;
  private handlers: TransportHandlers;
  private current: Connection | null = null;

  constructor(deps: TransportDeps) {
    this.deps = deps;
    this.handlers = deps.handlers ?? {};
  }

  setHandlers(handlers: TransportHandlers): void {
    this.handlers = handlers;
  }

  get isOpen(): boolean {
    const conn = this.current;
    return !!conn?.socket && conn.opened && !conn.reported && conn.socket.readyState === WS_OPEN;
  }

  /**
   * Opens a new socket. A previous socket is dropped silently: its late events
   * are ignored and it gets no close report (the caller replaced it on purpose).
   */
  open(url: string): void {
    this.detach();
    const conn: Connection = { socket: null, opened: false, reported: false, timer: undefined };
    this.current = conn;
    let socket: WebSocketLike;
    try {
      socket = new this.deps.WebSocketImpl(url);
    } catch (e) {
      this.report(conn, { code: ABNORMAL_CLOSE_CODE, reason: errorText(e), wasClean: false });
      return;
    }
    conn.socket = socket;
    socket.onopen = () => this.handleOpen(conn);
    socket.onmessage = (event) => {
      if (conn === this.current && !conn.reported) this.handlers.onMessage?.(event.data);
    };
    socket.onclose = (event) =>
      this.report(conn, { code: event.code, reason: event.reason, wasClean: event.wasClean });
    // An error is always followed by a close event; the close carries the report.
    socket.onerror = () => undefined;
    const { setTimeout } = this.deps; // called unbound: browsers reject a foreign `this`
    conn.timer = setTimeout(() => this.handleConnectTimeout(conn), this.deps.connectTimeoutMs);
  }

  /** Writes one text frame; false when no socket is open (the caller queues). */
  send(text: string): boolean {
    const socket = this.current?.socket;
    if (!socket || !this.isOpen) return false;
    try {
      socket.send(text);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Closes the current socket and reports the close at once with the given
   * code, so the caller sees a deliberate close deterministically; the socket's
   * own later close event is ignored.
   */
  close(code = 1000, reason = ''): void {
    const conn = this.current;
    if (!conn || conn.reported) return;
    safeClose(conn.socket, code, reason);
    this.report(conn, { code, reason, wasClean: true });
  }

  private handleOpen(conn: Connection): void {
    if (conn !== this.current || conn.reported || conn.opened) return;
    conn.opened = true;
    this.clearTimer(conn);
    this.handlers.onOpen?.();
  }

  private handleConnectTimeout(conn: Connection): void {
    conn.timer = undefined;
    if (conn !== this.current || conn.opened || conn.reported) return;
    safeClose(conn.socket, CONNECT_TIMEOUT_CODE, CONNECT_TIMEOUT_REASON);
    this.report(conn, {
      code: CONNECT_TIMEOUT_CODE,
      reason: CONNECT_TIMEOUT_REASON,
      wasClean: false,
    });
  }

  /** The single place a close is reported: once per socket, never for a stale one. */
  private report(conn: Connection, info: CloseInfo): void {
    if (conn !== this.current || conn.reported) return;
    conn.reported = true;
    this.clearTimer(conn);
    this.handlers.onClose?.(info);
  }

  private detach(): void {
    const conn = this.current;
    if (!conn) return;
    this.current = null;
    this.clearTimer(conn);
    if (!conn.reported) safeClose(conn.socket, 1000, 'Replaced');
  }

  private clearTimer(conn: Connection): void {
    if (conn.timer === undefined) return;
    const { clearTimeout } = this.deps;
    clearTimeout(conn.timer);
    conn.timer = undefined;
  }
}

function safeClose(socket: WebSocketLike | null, code: number, reason: string): void {
  try {
    socket?.close(code, reason);
  } catch {
    // A socket that refuses close() is already unusable; nothing more to do.
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
