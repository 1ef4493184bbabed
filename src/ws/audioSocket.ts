/**
 * The dictation socket (SPEC §7 "Dictation", protocol/audio.ts): binary PCM
 * chunks out, the end marker when the user stops, AudioReply text frames in.
 * One socket per dictation session, a connect timeout, exactly one close
 * report. Knows nothing of Redux; the dictation middleware drives it and
 * tests drive it with a fake socket.
 */
import { audioReplySchema, type AudioControl, type AudioReply } from '../../protocol/audio';
import { t } from '../i18n/i18n';
import {
  CONNECT_TIMEOUT_CODE,
  CONNECT_TIMEOUT_REASON,
  type CloseInfo,
  type Timers,
} from './transport';

type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'] | null;

/** The part of a DOM WebSocket used here; unlike the cog socket's, it also sends binary. */
export interface AudioWebSocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown>;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<{ code: number; reason: string; wasClean: boolean }>;
  onerror: Handler<unknown>;
}

export type AudioWebSocketCtor = new (url: string) => AudioWebSocketLike;

export interface AudioSocketHandlers {
  onOpen(): void;
  onReply(reply: AudioReply): void;
  /** A frame that is not an AudioReply (or is binary); the session treats it as a failure. */
  onInvalid(reason: string): void;
  onClose(info: CloseInfo): void;
}

export interface AudioSocketDeps extends Timers {
  WebSocketImpl: AudioWebSocketCtor;
  connectTimeoutMs: number;
}

const WS_OPEN = 1;
const ABNORMAL_CLOSE_CODE = 1006;

export class AudioSocket {
  private socket: AudioWebSocketLike | null = null;
  private opened = false;
  private reported = false;
  private timer: unknown;

  constructor(
    private readonly deps: AudioSocketDeps,
    private readonly handlers: AudioSocketHandlers,
  ) {}

  get isOpen(): boolean {
    return this.opened && !this.reported && this.socket?.readyState === WS_OPEN;
  }

  /** Opens the socket; call once per instance. */
  open(url: string): void {
    let socket: AudioWebSocketLike;
    try {
      socket = new this.deps.WebSocketImpl(url);
    } catch (e) {
      this.report({ code: ABNORMAL_CLOSE_CODE, reason: errorText(e), wasClean: false });
      return;
    }
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      if (this.reported || this.opened) return;
      this.opened = true;
      this.clearTimer();
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (!this.reported) this.receive(event.data);
    };
    socket.onclose = (event) =>
      this.report({ code: event.code, reason: event.reason, wasClean: event.wasClean });
    socket.onerror = () => undefined; // the close event that follows carries the report
    const { setTimeout } = this.deps;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.opened || this.reported) return;
      safeClose(socket, CONNECT_TIMEOUT_CODE, CONNECT_TIMEOUT_REASON);
      this.report({ code: CONNECT_TIMEOUT_CODE, reason: CONNECT_TIMEOUT_REASON, wasClean: false });
    }, this.deps.connectTimeoutMs);
  }

  /** Writes one binary PCM chunk; false when the socket is not open. */
  sendChunk(pcm: ArrayBuffer): boolean {
    return this.write(pcm);
  }

  /** Writes the end-of-utterance marker `{"type":"end"}`. */
  sendEnd(): boolean {
    const end: AudioControl = { type: 'end' };
    return this.write(JSON.stringify(end));
  }

  /** Closes on purpose; reported at once, the socket's own later close event is ignored. */
  close(code = 1000, reason = ''): void {
    if (this.reported) return;
    safeClose(this.socket, code, reason);
    this.report({ code, reason, wasClean: true });
  }

  private write(data: string | ArrayBuffer): boolean {
    if (!this.socket || !this.isOpen) return false;
    try {
      this.socket.send(data);
      return true;
    } catch {
      return false;
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') {
      this.handlers.onInvalid(t('The server sent binary data on the dictation socket'));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.handlers.onInvalid(t('The server sent a reply that is not JSON'));
      return;
    }
    const parsed = audioReplySchema.safeParse(json);
    if (parsed.success) this.handlers.onReply(parsed.data);
    else this.handlers.onInvalid(t('The server sent a reply that is not text or an error'));
  }

  private report(info: CloseInfo): void {
    if (this.reported) return;
    this.reported = true;
    this.clearTimer();
    this.handlers.onClose(info);
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    const { clearTimeout } = this.deps;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function safeClose(socket: AudioWebSocketLike | null, code: number, reason: string): void {
  try {
    socket?.close(code, reason);
  } catch {
    // A socket that refuses close() is already unusable.
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
