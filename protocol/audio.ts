import * as z from 'zod/mini';

/** Replies on the dictation socket /ws/audio (SPEC §7 "Dictation"). */
export const audioReplySchema = z.union([
  z.object({ text: z.string(), isFinal: z.boolean() }),
  z.object({ error: z.string() }),
]);
export type AudioReply = z.infer<typeof audioReplySchema>;

/** Text control messages the browser may send between binary PCM chunks. */
export const audioControlSchema = z.object({ type: z.enum(['end']) });
export type AudioControl = z.infer<typeof audioControlSchema>;

export const AUDIO_SAMPLE_RATE = 44100;
export const AUDIO_BUFFER_SAMPLES = 2048;
