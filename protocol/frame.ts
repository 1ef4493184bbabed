import * as z from 'zod/mini';
import type { JsonLimits } from './jsonLimits';

/**
 * The outer shape of every socket frame, both directions (SPEC §7):
 * `typ`, `content`, `envelope { requestId, browserID }` and, for requests,
 * `requestid` or `request_id`.
 */
export const envelopeSchema = z.looseObject({
  requestId: z.optional(z.string()),
  browserID: z.optional(z.string()),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const frameSchema = z.object({
  typ: z.string().check(z.minLength(1), z.maxLength(200)),
  content: z.optional(z.unknown()),
  envelope: z.optional(envelopeSchema),
  requestid: z.optional(z.string()),
  request_id: z.optional(z.string()),
});

export interface Frame<T extends string = string, C = unknown> {
  typ: T;
  content: C;
  envelope?: Envelope;
  requestid?: string;
  request_id?: string;
}

/** Frames larger than this are refused by both sides (bytes of UTF-8 JSON). */
export const MAX_FRAME_BYTES = 1024 * 1024;
/**
 * Deepest nesting of objects and arrays in a frame. The deepest real frames
 * are server components (two levels per nested component: the node and its
 * children array) inside a page.display or a cog.call.response result; 64
 * leaves room for components nested about 30 deep (the deepest built-in
 * page frame is 13 levels).
 */
export const MAX_FRAME_DEPTH = 64;
/**
 * Most keys and array elements in one frame. The largest real frame is a
 * cog.hello declaring many cogs (a handful of values each); parsing and
 * checking this many takes tens of milliseconds, not seconds.
 */
export const MAX_FRAME_VALUES = 100_000;

/** The limits both sides check on a frame's raw text before parsing it. */
export const FRAME_JSON_LIMITS: JsonLimits = {
  maxBytes: MAX_FRAME_BYTES,
  maxDepth: MAX_FRAME_DEPTH,
  maxValues: MAX_FRAME_VALUES,
};

/** The request id a frame carries, wherever the sender put it. */
export function requestIdOf(frame: {
  envelope?: Envelope;
  requestid?: string;
  request_id?: string;
  content?: unknown;
}): string | undefined {
  const fromContent =
    frame.content && typeof frame.content === 'object' && 'request_id' in frame.content
      ? (frame.content as { request_id?: unknown }).request_id
      : undefined;
  return (
    frame.requestid ??
    frame.request_id ??
    frame.envelope?.requestId ??
    (typeof fromContent === 'string' ? fromContent : undefined)
  );
}
