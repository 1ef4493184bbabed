import {
  SHOULD_AUTOBATCH,
  createAction,
  nanoid,
  type PayloadActionCreator,
} from '@reduxjs/toolkit';
import type { ClientContent, ClientFrame, ClientTyp, ServerFrame, ServerTyp } from '../../protocol';

/**
 * Every action of the cog socket (DESIGN §3). Intents are what the app asks
 * for; lifecycle and frame actions are what the middleware reports. All
 * payloads are plain data: the socket, timers and promises stay in the
 * middleware's closure.
 */

/** One outbound message before the middleware wraps it in an envelope. */
export type OutgoingMessage = {
  [T in ClientTyp]: { typ: T; content: ClientContent<T> };
}[ClientTyp];

// ---- intents ------------------------------------------------------------

export const cogConnectRequested = createAction<{ worldId: string }>('cog/connectRequested');
export const cogDisconnectRequested = createAction('cog/disconnectRequested');

/** Send a frame now, or queue it until the socket opens. */
export const cogSendRequested = createAction<OutgoingMessage>('cog/send');

/** Typed helper: the content type follows the typ. */
export function cogSend<T extends ClientTyp>(typ: T, content: ClientContent<T>) {
  return cogSendRequested({ typ, content } as OutgoingMessage);
}

/** A context value: kept in state, sent as scontext.set now if connected and on every connect. */
export const cogContextSet = createAction<{ key: string; value: unknown }>('cog/contextSet');

/** Frames a page wants sent on every connect, after client.hello (e.g. display.experts). */
export const cogInitRegistered = createAction<{ key: string; frames: OutgoingMessage[] }>(
  'cog/initRegistered',
);
export const cogInitUnregistered = createAction<{ key: string }>('cog/initUnregistered');

// ---- lifecycle ----------------------------------------------------------

export const cogConnecting = createAction<{ url: string; attempt: number }>('cog/connecting');
export const cogConnected = createAction<{ worldId: string }>('cog/connected');
export const cogDisconnected = createAction<{
  code: number;
  reason: string;
  wasClean: boolean;
  willRetry: boolean;
}>('cog/disconnected');
export const cogRetryScheduled = createAction<{ attempt: number; delayMs: number }>(
  'cog/retryScheduled',
);
export const cogGaveUp = createAction<{ attempts: number; reason: string }>('cog/gaveUp');

// ---- frames ---------------------------------------------------------------

export type CogInActionCreator<T extends ServerTyp> = PayloadActionCreator<
  ServerFrame<T>,
  `cog/in/${T}`
>;
export type CogOutActionCreator<T extends ClientTyp> = PayloadActionCreator<
  ClientFrame<T>,
  `cog/out/${T}`
>;

// Memoised by typ so that `cogIn(typ)` is cheap on the hot ingest path (not even the
// action type string is built again) and `.match` can be taken anywhere without
// creating a new creator each time.
const inCreators = new Map<string, unknown>();
const outCreators = new Map<string, unknown>();

/**
 * RTK's prepareAutoBatched makes a new `meta` a frame, always the same one
 * field. The session recorder keeps thousands of inbound actions alive, and
 * each object it keeps the GC copies out of the young generation; one shared
 * (frozen) meta is one object fewer a frame, and the same JSON.
 */
const AUTO_BATCHED_META = Object.freeze({ [SHOULD_AUTOBATCH]: true });
const prepareAutoBatchedFrame = (payload: unknown) => ({ payload, meta: AUTO_BATCHED_META });

function memo<C>(cache: Map<string, unknown>, typ: string, prefix: string, batched = false): C {
  let creator = cache.get(typ);
  if (!creator) {
    const type = prefix + typ;
    creator = batched ? createAction(type, prepareAutoBatchedFrame) : createAction(type);
    cache.set(typ, creator);
  }
  return creator as C;
}

/** The action for an inbound frame that passed its schema: `cog/in/<typ>`. */
export function cogIn<T extends ServerTyp>(typ: T): CogInActionCreator<T> {
  // Auto-batched: a burst of frames (a history replay, a streamed answer) notifies the UI
  // once per animation frame instead of once per frame received.
  return memo<CogInActionCreator<T>>(inCreators, typ, 'cog/in/', true);
}

/** The action for a frame really written to the socket: `cog/out/<typ>`. */
export function cogOut<T extends ClientTyp>(typ: T): CogOutActionCreator<T> {
  return memo<CogOutActionCreator<T>>(outCreators, typ, 'cog/out/');
}

/** Longest piece of an invalid frame kept in the action (state and DevTools stay small). */
export const INVALID_RAW_MAX_CHARS = 2000;

export const cogInvalid = createAction(
  'cog/in/invalid',
  (info: { reason: string; typ?: string; raw: unknown }) => ({
    payload: {
      reason: info.reason,
      ...(info.typ !== undefined ? { typ: info.typ } : {}),
      raw: rawText(info.raw),
    },
  }),
);

function rawText(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : `[non-text frame: ${typeof raw}]`;
  return text.length > INVALID_RAW_MAX_CHARS ? text.slice(0, INVALID_RAW_MAX_CHARS) : text;
}

// ---- requests -------------------------------------------------------------

export interface CogRequestOptions {
  timeoutMs: number;
  /** Response typs that settle the request when no request id matches; default `<typ>.response`, `<typ>.error`. */
  responseTyps?: string[];
  /** Rejection text on timeout; default `Operation timeout after <ms>ms`. */
  timeoutMessage?: string;
  /** Reject at once with 'WebSocket not connected' instead of queueing. */
  requireConnected?: boolean;
}

export interface CogRequestPayload {
  requestId: string;
  message: OutgoingMessage;
  timeoutMs: number;
  responseTyps: string[];
  timeoutMessage?: string;
  requireConnected: boolean;
}

const cogRequestAction = createAction(
  'cog/request',
  (message: OutgoingMessage, options: CogRequestOptions) => {
    const payload: CogRequestPayload = {
      requestId: nanoid(),
      message,
      timeoutMs: options.timeoutMs,
      responseTyps: options.responseTyps ?? [`${message.typ}.response`, `${message.typ}.error`],
      requireConnected: options.requireConnected ?? false,
    };
    if (options.timeoutMessage !== undefined) payload.timeoutMessage = options.timeoutMessage;
    return { payload };
  },
);

export type CogRequestAction = ReturnType<typeof cogRequestAction>;

/**
 * Send a request frame and wait for its answer. The cog middleware intercepts
 * the action, so `await dispatch(cogRequest(...))` yields the response frame
 * (see `CogDispatchExtension` in cogMiddleware.ts).
 */
export const cogRequest = Object.assign(
  <T extends ClientTyp>(
    typ: T,
    content: ClientContent<T>,
    options: CogRequestOptions,
  ): CogRequestAction => cogRequestAction({ typ, content } as OutgoingMessage, options),
  { type: cogRequestAction.type, match: cogRequestAction.match },
);
