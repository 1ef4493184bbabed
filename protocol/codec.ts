import { FRAME_JSON_LIMITS, frameSchema, type Frame } from './frame';
import { peekFrameIds } from './framePeek';
import { parseLimitedJson } from './jsonLimits';
import { describeIssue, type SchemaIssue } from './issues';
import { clientMessageSchemas, type ClientContent, type ClientTyp } from './clientMessages';
import { serverMessageSchemas, type ServerContent, type ServerTyp } from './serverMessages';

export type ClientFrame<T extends ClientTyp = ClientTyp> = T extends ClientTyp
  ? Frame<T, ClientContent<T>>
  : never;
export type ServerFrame<T extends ServerTyp = ServerTyp> = T extends ServerTyp
  ? Frame<T, ServerContent<T>>
  : never;

export type Decoded<F> =
  { ok: true; frame: F } | { ok: false; reason: string; typ?: string; requestId?: string };

type SchemaTable = Record<string, { safeParse(v: unknown): SafeParseLike }>;
interface SafeParseLike {
  success: boolean;
  data?: unknown;
  error?: { issues: SchemaIssue[] };
}

function describeIssues(err: SafeParseLike['error']): string {
  return describeIssue(err?.issues[0]);
}

function decode(raw: unknown, table: SchemaTable): Decoded<Frame> {
  if (typeof raw !== 'string') return { ok: false, reason: 'Frame is not text' };
  // Depth and size are checked on the raw text, before anything walks the parsed value.
  const parsed = parseLimitedJson(raw, FRAME_JSON_LIMITS);
  if (!parsed.ok) return { ...parsed, ...peekFrameIds(raw) };
  const json = parsed.value;
  const outer = frameSchema.safeParse(json);
  if (!outer.success) {
    return { ok: false, reason: `Invalid frame: ${describeIssues(outer.error)}` };
  }
  const frame = outer.data;
  const requestId = frame.requestid ?? frame.request_id ?? frame.envelope?.requestId;
  const schema = Object.hasOwn(table, frame.typ) ? table[frame.typ] : undefined;
  if (!schema) {
    return { ok: false, reason: `Unknown message type "${frame.typ}"`, typ: frame.typ, requestId };
  }
  const content = schema.safeParse(frame.content ?? {});
  if (!content.success) {
    return {
      ok: false,
      reason: `Invalid ${frame.typ}: ${describeIssues(content.error)}`,
      typ: frame.typ,
      requestId,
    };
  }
  return { ok: true, frame: { ...frame, content: content.data } };
}

/** Server side: parse and validate a frame a client sent. */
export function decodeClientFrame(raw: unknown): Decoded<ClientFrame> {
  return decode(raw, clientMessageSchemas as unknown as SchemaTable) as Decoded<ClientFrame>;
}

/** Client side: parse and validate a frame the server sent. */
export function decodeServerFrame(raw: unknown): Decoded<ServerFrame> {
  return decode(raw, serverMessageSchemas as unknown as SchemaTable) as Decoded<ServerFrame>;
}

export function encodeFrame(frame: Frame): string {
  return JSON.stringify(frame);
}
