import type { Middleware } from '@reduxjs/toolkit';
import {
  CLOSE_NOT_SIGNED_IN,
  CLOSE_WORLD_FORBIDDEN,
  CONNECT_TIMEOUT_MS,
  DEFAULT_CLIENT_VERSION,
  RECONNECT_DELAY_MS,
  RECONNECT_MAX_ATTEMPTS,
  decodeServerFrame,
  encodeFrame,
  installServerFrameSchemas,
  type ClientContent,
  type ClientFrame,
  type ClientTyp,
  type ServerFrame,
} from '../../protocol';
import { authenticationFailed } from '../features/auth/authActions';
import { t, tKey } from '../i18n/i18n';
import type { ConnectionState } from './connectionSlice';
import {
  cogConnectRequested,
  cogConnected,
  cogConnecting,
  cogContextSet,
  cogDisconnectRequested,
  cogDisconnected,
  cogGaveUp,
  cogIn,
  cogInitRegistered,
  cogInvalid,
  cogOut,
  cogRequest,
  cogRetryScheduled,
  cogSendRequested,
  type CogRequestAction,
  type CogRequestOptions,
  type CogRequestPayload,
  type OutgoingMessage,
} from './cogActions';
import { PendingRequests } from './pendingRequests';
import {
  CONNECT_TIMEOUT_REASON,
  CogTransport,
  type CloseInfo,
  type Timers,
  type WebSocketCtor,
} from './transport';

/**
 * The cog middleware owns the one socket of the app (DESIGN §3, SPEC §4/§9):
 * connect per world, queue while closed, send context + hello + init frames on
 * every connect, retry, and match request/response. It lets every action
 * through first (`next(action)`), then reacts.
 */

export interface CogMiddlewareDeps extends Timers {
  WebSocketImpl: WebSocketCtor;
  urlFor(worldId: string): string;
  browserId(): string;
  connectTimeoutMs?: number;
  reconnectDelayMs?: number;
  maxReconnectAttempts?: number;
  maxQueuedFrames?: number;
}

/**
 * Lets `await dispatch(cogRequest(...))` yield the response frame. Redux Toolkit
 * tries dispatch overloads in middleware order, so the store must PREPEND this
 * middleware (`gDM().prepend(cogMiddleware)`); concatenated after the thunk, the
 * thunk's overload wins and types the result as the action. `requestFrame`
 * below is typed correctly whatever the order.
 */
export interface CogDispatchExtension {
  (action: CogRequestAction): Promise<ServerFrame>;
}

/** `dispatch(cogRequest(...))`, typed as the promise it returns. */
export function requestFrame<T extends ClientTyp>(
  dispatch: (action: CogRequestAction) => unknown,
  typ: T,
  content: ClientContent<T>,
  options: CogRequestOptions,
): Promise<ServerFrame> {
  const result = dispatch(cogRequest(typ, content, options));
  if (!(result instanceof Promise)) {
    return Promise.reject(new Error('The cog middleware is not installed in this store'));
  }
  return result as Promise<ServerFrame>;
}

export interface CogRootState {
  connection: ConnectionState;
}

export type CogMiddleware = Middleware<CogDispatchExtension, CogRootState>;

/** A key: the request is refused with its text in the language of the moment. */
export const NOT_CONNECTED_MESSAGE = tKey('WebSocket not connected');
export const MAX_QUEUED_FRAMES = 1000;

type Phase = 'idle' | 'connecting' | 'open' | 'waitingToRetry';

export function createCogMiddleware(deps: CogMiddlewareDeps): CogMiddleware {
  const reconnectDelayMs = deps.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  const maxAttempts = deps.maxReconnectAttempts ?? RECONNECT_MAX_ATTEMPTS;
  const maxQueued = deps.maxQueuedFrames ?? MAX_QUEUED_FRAMES;
  // Host timers are called unbound: browsers reject a foreign `this`.
  const { setTimeout, clearTimeout } = deps;

  return (api) => {
    // Frames are decoded by zod's parsers compiled at build time once their chunk is here,
    // by the schemas' own until then (or if it fails to load): the same answers either way.
    void import('../../protocol/compiled/serverFrames').then(
      (m) => installServerFrameSchemas(m.compiledServerFrameSchemas()),
      () => undefined,
    );
    const transport = new CogTransport({
      WebSocketImpl: deps.WebSocketImpl,
      setTimeout,
      clearTimeout,
      connectTimeoutMs: deps.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    const pending = new PendingRequests({ setTimeout, clearTimeout });
    const queue: ClientFrame[] = [];
    let phase: Phase = 'idle';
    let worldId: string | null = null;
    let attempt = 0;
    let retryTimer: unknown;
    let closingOnPurpose = false;
    // While the connect handshake (context, hello, init) is being written, new
    // frames wait in the queue so that they cannot overtake it.
    let handshaking = false;

    function frameOf(message: OutgoingMessage, requestId?: string): ClientFrame {
      const envelope = requestId
        ? { requestId, browserID: deps.browserId() }
        : { browserID: deps.browserId() };
      const frame = { ...message, envelope, ...(requestId ? { requestid: requestId } : {}) };
      return frame as ClientFrame;
    }

    /** Writes a frame and reports it; false when the socket is not open. */
    function write(frame: ClientFrame): boolean {
      if (!transport.send(encodeFrame(frame))) return false;
      api.dispatch(cogOut(frame.typ)(frame));
      return true;
    }

    function sendOrQueue(frame: ClientFrame): void {
      if (phase === 'open' && !handshaking && queue.length === 0 && write(frame)) return;
      queue.push(frame);
      if (queue.length > maxQueued) queue.shift(); // bounded: the oldest frame goes first
    }

    function flush(): void {
      while (queue.length > 0) {
        const frame = queue[0]!;
        if (!transport.send(encodeFrame(frame))) return;
        queue.shift();
        api.dispatch(cogOut(frame.typ)(frame));
      }
    }

    function connect(): void {
      cancelRetry();
      if (worldId === null) return;
      phase = 'connecting';
      const url = deps.urlFor(worldId);
      api.dispatch(cogConnecting({ url, attempt }));
      transport.open(url);
    }

    function cancelRetry(): void {
      if (retryTimer === undefined) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
    }

    function closeOnPurpose(reason: string): void {
      if (phase !== 'connecting' && phase !== 'open') return;
      closingOnPurpose = true;
      transport.close(1000, reason); // reports the close synchronously
      closingOnPurpose = false;
      phase = 'idle';
    }

    function handleOpen(): void {
      phase = 'open';
      attempt = 0;
      handshaking = true;
      try {
        api.dispatch(cogConnected({ worldId: worldId ?? '' }));
        const { context, init } = api.getState().connection;
        for (const [key, value] of Object.entries(context)) {
          write(frameOf({ typ: 'scontext.set', content: { key, value } }));
        }
        write(frameOf({ typ: 'client.hello', content: { version: DEFAULT_CLIENT_VERSION } }));
        for (const frames of Object.values(init)) {
          for (const message of frames) write(frameOf(message));
        }
      } finally {
        handshaking = false;
      }
      flush();
    }

    function handleClose(info: CloseInfo): void {
      phase = 'idle';
      if (closingOnPurpose) {
        api.dispatch(cogDisconnected({ ...info, willRetry: false }));
        return;
      }
      if (info.code === CLOSE_NOT_SIGNED_IN || info.code === CLOSE_WORLD_FORBIDDEN) {
        const fallback =
          info.code === CLOSE_NOT_SIGNED_IN ? t('Not signed in') : t('World forbidden');
        api.dispatch(cogDisconnected({ ...info, willRetry: false }));
        api.dispatch(cogGaveUp({ attempts: attempt, reason: info.reason || fallback }));
        if (info.code === CLOSE_NOT_SIGNED_IN) api.dispatch(authenticationFailed());
        return;
      }
      if (attempt < maxAttempts) {
        attempt += 1;
        phase = 'waitingToRetry';
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          if (phase === 'waitingToRetry') connect();
        }, reconnectDelayMs);
        api.dispatch(cogDisconnected({ ...info, willRetry: true }));
        api.dispatch(cogRetryScheduled({ attempt, delayMs: reconnectDelayMs }));
        return;
      }
      api.dispatch(cogDisconnected({ ...info, willRetry: false }));
      api.dispatch(
        cogGaveUp({
          attempts: attempt,
          // The transport's own timeout reason is shown in the page's language; a server's is as sent.
          reason:
            info.reason === CONNECT_TIMEOUT_REASON
              ? t('Connect timeout')
              : info.reason || t('Connection closed (code {{code}})', { code: info.code }),
        }),
      );
    }

    function handleMessage(data: unknown): void {
      let decoded: ReturnType<typeof decodeServerFrame>;
      try {
        decoded = decodeServerFrame(data);
      } catch (e) {
        decoded = { ok: false, reason: e instanceof Error ? e.message : String(e) };
      }
      if (!decoded.ok) {
        api.dispatch(cogInvalid({ reason: decoded.reason, typ: decoded.typ, raw: data }));
        return;
      }
      const { frame } = decoded;
      try {
        api.dispatch(cogIn(frame.typ)(frame));
      } finally {
        // A throwing subscriber must not leave the request hanging until its timeout.
        pending.settle(frame);
      }
    }

    function startRequest(request: CogRequestPayload): Promise<ServerFrame> {
      if (request.requireConnected && phase !== 'open') {
        return Promise.reject(new Error(t(NOT_CONNECTED_MESSAGE)));
      }
      const promise = pending.add(request.requestId, {
        timeoutMs: request.timeoutMs,
        responseTyps: request.responseTyps,
        timeoutMessage:
          request.timeoutMessage ??
          t('Operation timeout after {{ms}}ms', { ms: request.timeoutMs }),
      });
      sendOrQueue(frameOf(request.message, request.requestId));
      return promise;
    }

    function requestConnect(nextWorldId: string): void {
      const active = phase === 'connecting' || phase === 'open';
      if (active && nextWorldId === worldId) return;
      closeOnPurpose('World changed');
      worldId = nextWorldId;
      attempt = 0;
      connect();
    }

    function requestDisconnect(): void {
      cancelRetry();
      // Frames queued for the session being ended must not reach the next one.
      queue.length = 0;
      closeOnPurpose('Disconnect requested');
      phase = 'idle';
      worldId = null;
      attempt = 0;
    }

    transport.setHandlers({ onOpen: handleOpen, onMessage: handleMessage, onClose: handleClose });

    return (next) => (action) => {
      const result = next(action);
      if (cogRequest.match(action)) return startRequest(action.payload);
      if (cogSendRequested.match(action)) sendOrQueue(frameOf(action.payload));
      else if (cogConnectRequested.match(action)) requestConnect(action.payload.worldId);
      else if (cogDisconnectRequested.match(action)) requestDisconnect();
      else if (cogContextSet.match(action)) {
        // Not queued when closed: every stored context value is sent on connect.
        if (phase === 'open') {
          sendOrQueue(frameOf({ typ: 'scontext.set', content: action.payload }));
        }
      } else if (cogInitRegistered.match(action)) {
        if (phase === 'open') action.payload.frames.forEach((m) => sendOrQueue(frameOf(m)));
      }
      return result;
    };
  };
}
