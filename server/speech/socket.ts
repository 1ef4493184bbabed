import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  AUDIO_CONTROL_LIMITS,
  AUDIO_ERRORS,
  AUDIO_SAMPLE_RATE,
  AUDIO_SOCKET_PATH,
  audioControlSchema,
  jsonLimitProblem,
  type AudioReply,
} from '../../protocol';
import type { BrowserAdmission } from '../cog/admission';
import { errorMessage } from '../cog/errorMessage';
import { messageText } from '../cog/messageText';
import { onOrderedMessages } from '../cog/orderedMessages';
import type { Config } from '../config';
import type { SpeechProvider } from './provider';
import type { Redis } from 'ioredis';
import { RedisUserSlots } from './redisSlots';
import { SlottedUtterance } from './slottedUtterance';
import { UserSlots, type DictationSlots } from './userSlots';
import { Utterance, type UtteranceLimits } from './utterance';

export interface AudioSocketDeps {
  /** The cog socket's admission: Origin, session and world, kept while the socket is open. */
  admit: BrowserAdmission;
  config: Pick<
    Config,
    | 'STT_MAX_CONCURRENT'
    | 'STT_MAX_UTTERANCE_SECONDS'
    | 'STT_MAX_BUFFER_BYTES'
    | 'STT_TIMEOUT_SECONDS'
    | 'STT_SLOT_LEASE_SECONDS'
  >;
  provider: SpeechProvider | null;
  log: FastifyBaseLogger;
  /** Shared by every instance (REDIS_URL): the slots are counted there. */
  redis?: Redis;
}

/**
 * The dictation socket (SPEC §7, protocol/audio.ts) at /ws/audio and, for
 * clients that keep everything under /api, /api/ws/audio. Admission is the
 * cog socket's: the page's Origin, a session cookie, then access to `worldId`,
 * re-checked before every frame and closed when either ends.
 */
/** The dictation sockets open now. */
export interface AudioSockets {
  count(): number;
  /** Stops every recogniser and closes every socket with this code (a stopping server). */
  close(code: number, reason: string): void;
}

export function registerAudioSocket(app: FastifyInstance, deps: AudioSocketDeps): AudioSockets {
  const { config } = deps;
  const slots: DictationSlots = deps.redis
    ? new RedisUserSlots(
        deps.redis,
        config.STT_MAX_CONCURRENT,
        config.STT_SLOT_LEASE_SECONDS * 1000,
        deps.log,
      )
    : new UserSlots(config.STT_MAX_CONCURRENT);
  const limits: UtteranceLimits = {
    maxSeconds: config.STT_MAX_UTTERANCE_SECONDS,
    maxBufferBytes: config.STT_MAX_BUFFER_BYTES,
    timeoutMs: config.STT_TIMEOUT_SECONDS * 1000,
  };
  const open = new Set<AudioSession>();

  const attach = (socket: WebSocket, req: FastifyRequest) => {
    const admitted = deps.admit.admit(socket, req);
    if (!admitted) return;
    const session = new AudioSession(
      socket,
      admitted.userId,
      deps.provider,
      slots,
      limits,
      deps.log,
    );
    open.add(session);
    onOrderedMessages(
      socket,
      admitted.admits,
      (data, isBinary) => session.receive(data, isBinary),
      (err) => deps.log.error({ err }, 'audio frame not handled'),
    );
    socket.on('close', () => {
      open.delete(session);
      session.close();
    });
    socket.on('error', (err) => deps.log.warn({ err }, 'audio socket error'));
  };

  const route = {
    websocket: true as const,
    preValidation: (req: FastifyRequest) => deps.admit.check(req),
  };
  app.get(AUDIO_SOCKET_PATH, route, attach);
  app.get(`/api${AUDIO_SOCKET_PATH}`, route, attach);
  app.addHook('onClose', async () => {
    for (const session of open) session.close();
    open.clear();
  });
  return {
    count: () => open.size,
    close(code, reason) {
      for (const session of open) session.close(code, reason);
    },
  };
}

/** Appended to the reason a text frame was refused unparsed. */
const EXPECTED = 'expected binary 16-bit PCM audio or {"type":"end"}';
/** Longest piece of a bad text frame quoted back in the error. */
const QUOTE_KEEP = 60;
/** Replies waiting in the socket's send buffer beyond which the client is cut off. */
const MAX_UNREAD_REPLY_BYTES = 1024 * 1024;

/**
 * One open audio socket: binary frames feed the current utterance (started
 * by its first chunk), `{"type":"end"}` ends it. A bad frame answers with an
 * error and drops the utterance it belonged to; its later chunks are ignored
 * until the next `end`. Replies of one utterance never overtake the
 * previous one's final text.
 */
class AudioSession {
  /** The utterance chunks go to; 'dropped' ignores chunks until the next end. */
  private current?: SlottedUtterance | 'dropped';
  private readonly live = new Set<SlottedUtterance>();
  /** Settles when the last utterance has sent its closing reply. */
  private previous: Promise<void> = Promise.resolve();
  private unavailableSaid = false;
  /** Once the socket closed, frames still waiting for their access check start nothing. */
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly userId: string,
    private readonly provider: SpeechProvider | null,
    private readonly slots: DictationSlots,
    private readonly limits: UtteranceLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The 'message' listener: a frame whose handling throws is answered with its
   * error and drops the utterance it belonged to. A throw out of a ws listener
   * would be an uncaught exception and end the process.
   */
  receive(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    try {
      this.handle(data, isBinary);
    } catch (err) {
      this.log.error({ err }, 'audio frame could not be handled');
      try {
        if (this.current instanceof SlottedUtterance) this.current.abort();
        this.current = 'dropped';
        this.send({ error: errorMessage(err) });
      } catch {
        this.socket.terminate(); // cannot even answer: drop this client, keep the server
      }
    }
  }

  private handle(data: RawData, isBinary: boolean): void {
    if (!this.provider) {
      if (this.unavailableSaid) return;
      this.unavailableSaid = true;
      this.send({ error: AUDIO_ERRORS.unavailable });
      this.socket.close(1000, 'Speech recognition is not available');
      return;
    }
    if (isBinary) {
      this.audio(toBuffer(data), this.provider);
      return;
    }
    const text = messageText(data, AUDIO_CONTROL_LIMITS, 'Text frame');
    if (text.ok) this.control(text.text);
    else this.reject(`${text.reason}; ${EXPECTED}`, false);
  }

  /** The socket closed (or, with a code, is closed now): every recogniser still running is stopped. */
  close(code?: number, reason?: string): void {
    this.closed = true;
    for (const u of this.live) u.abort();
    this.live.clear();
    this.current = undefined;
    if (code !== undefined) this.socket.close(code, reason);
  }

  private audio(chunk: Buffer, provider: SpeechProvider): void {
    if (chunk.length % 2 !== 0) {
      this.reject(`Audio chunk of ${chunk.length} bytes is not whole 16-bit samples`, true);
      return;
    }
    if (this.current === 'dropped' || chunk.length === 0) return;
    this.current ??= this.startUtterance(provider);
    this.current.push(chunk);
  }

  private control(text: string): void {
    const problem = jsonLimitProblem(text, AUDIO_CONTROL_LIMITS, 'Text frame');
    if (problem) {
      this.reject(`${problem}; ${EXPECTED}`, false);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!audioControlSchema.safeParse(json).success) {
      const quoted = text.length > QUOTE_KEEP ? `${text.slice(0, QUOTE_KEEP)}…` : text;
      this.reject(
        `Expected binary 16-bit PCM audio or {"type":"end"}, got the text ${JSON.stringify(quoted)}`,
        false,
      );
      return;
    }
    const current = this.current;
    this.current = undefined;
    if (current === 'dropped') return; // its error was the answer
    if (current) current.end();
    else this.ordered(this.previous)({ text: '', isFinal: true }); // nothing said
  }

  /** Answers a bad frame; the utterance it came in (for audio: also one just starting) is dropped. */
  private reject(message: string, dropsUtterance: boolean): void {
    const current = this.current;
    if (current instanceof SlottedUtterance && current.streaming)
      current.fail(`${message}; utterance dropped`);
    else this.ordered(this.previous)({ error: message });
    if (current || dropsUtterance) this.current = 'dropped';
  }

  private startUtterance(provider: SpeechProvider): SlottedUtterance {
    const after = this.previous;
    const reply = this.ordered(after);
    let first = false;
    void after.then(() => (first = true));
    const utterance = new SlottedUtterance({
      slot: this.slots.acquire(this.userId),
      refusal: `Too many dictations at once (max ${this.slots.max} per user)`,
      start: () =>
        new Utterance({
          provider,
          inputRate: AUDIO_SAMPLE_RATE,
          limits: this.limits,
          hint: (r) => first && this.send(r),
          reply,
        }),
      maxBufferBytes: this.limits.maxBufferBytes,
      reply,
      log: this.log,
    });
    this.live.add(utterance);
    // settled resolves as the closing reply is handed to `reply`, which may hold it until
    // `after` settles; later replies wait for both, so none overtakes it.
    this.previous = utterance.settled.then(() => after);
    void utterance.settled.then(() => this.live.delete(utterance));
    return utterance;
  }

  /** A sender whose replies go out only after `after` has settled, in the order given. */
  private ordered(after: Promise<void>): (reply: AudioReply) => void {
    let ready = false;
    void after.then(() => (ready = true));
    return (reply) => {
      if (ready) this.send(reply);
      else void after.then(() => this.send(reply));
    };
  }

  private send(reply: AudioReply): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    // A client that sends bad frames without reading the answers is not queued for forever.
    if (this.socket.bufferedAmount > MAX_UNREAD_REPLY_BYTES) {
      this.socket.close(1008, 'Replies are not being read');
      return;
    }
    this.socket.send(JSON.stringify(reply));
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
