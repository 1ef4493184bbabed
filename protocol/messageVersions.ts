import * as z from 'zod/mini';

/**
 * An earlier version of a transcript message: a regenerated answer's earlier
 * text, or an edited question's earlier text with the answers it had then
 * (`answers`). Kept on the message (its `versions`, oldest first); the
 * message itself is the newest version.
 */
export const answerSnapshotSchema = z.looseObject({
  message_id: z.string(),
  name: z.optional(z.string()),
  expert_id: z.optional(z.string()),
  content: z.optional(z.string()),
  html: z.optional(z.string()),
  created_at: z.optional(z.string()),
  model: z.optional(z.string()),
  duration_ms: z.optional(z.number()),
  stopped: z.optional(z.boolean()),
});
export type AnswerSnapshot = z.infer<typeof answerSnapshotSchema>;

export const messageVersionSchema = z.looseObject({
  content: z.optional(z.string()),
  html: z.optional(z.string()),
  created_at: z.optional(z.string()),
  model: z.optional(z.string()),
  duration_ms: z.optional(z.number()),
  stopped: z.optional(z.boolean()),
  /** A question's version: the answers given to it then. */
  answers: z.optional(z.array(answerSnapshotSchema)),
});
export type MessageVersion = z.infer<typeof messageVersionSchema>;

/** Most earlier versions one message keeps (the oldest drop off). */
export const MAX_MESSAGE_VERSIONS = 20;
