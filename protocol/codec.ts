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

export type SchemaTable = Record<string, { safeParse(v: unknown): SafeParseLike }>;
export interface SafeParseLike {
  success: boolean;
  data?: unknown;
  error?: { issues: SchemaIssue[] };
}

function describeIssues(err: SafeParseLike['error']): string {
  return describeIssue(err?.issues[0]);
}

export type FrameParser = Pick<typeof frameSchema, 'safeParse'>;

function decode(raw: unknown, outerSchema: FrameParser, table: SchemaTable): Decoded<Frame> {
  if (typeof raw !== 'string') return { ok: false, reason: 'Frame is not text' };
  // Depth and size are checked on the raw text, before anything walks the parsed value.
  const parsed = parseLimitedJson(raw, FRAME_JSON_LIMITS);
  if (!parsed.ok) return { ...parsed, ...peekFrameIds(raw) };
  const json = parsed.value;
  const outer = outerSchema.safeParse(json);
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
  // zod builds its output afresh (compiled parsers must too: zod's withParser), so this
  // frame is decode's own and takes its content in place: a copy a frame less to collect.
  frame.content = content.data;
  return { ok: true, frame: frame as Frame };
}

/** Server side: parse and validate a frame a client sent. */
export function decodeClientFrame(raw: unknown): Decoded<ClientFrame> {
  return decode(
    raw,
    frameSchema,
    clientMessageSchemas as unknown as SchemaTable,
  ) as Decoded<ClientFrame>;
}

/** The schemas decodeServerFrame validates with: the frame's, and the content's by typ. */
export interface ServerFrameSchemas {
  frame: FrameParser;
  content: SchemaTable;
}

let serverFrameSchema: FrameParser = frameSchema;
let serverTable = serverMessageSchemas as unknown as SchemaTable;

/**
 * Validates server frames with these schemas from now on: the same schemas with
 * parsers zod's compiler made at build time (protocol/compiled, a lazy chunk).
 */
export function installServerFrameSchemas(schemas: ServerFrameSchemas): void {
  serverFrameSchema = schemas.frame;
  serverTable = schemas.content;
}

/** Client side: parse and validate a frame the server sent. */
export function decodeServerFrame(raw: unknown): Decoded<ServerFrame> {
  return decode(raw, serverFrameSchema, serverTable) as Decoded<ServerFrame>;
}

export function encodeFrame(frame: Frame): string {
  return JSON.stringify(frame);
}
