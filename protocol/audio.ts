import * as z from 'zod/mini';
import type { JsonLimits } from './jsonLimits';

/** Replies on the dictation socket /ws/audio (SPEC §7 "Dictation"). */
export const audioReplySchema = z.union([
  z.object({ text: z.string(), isFinal: z.boolean() }),
  z.object({ error: z.string() }),
]);
export type AudioReply = z.infer<typeof audioReplySchema>;

/** Text control messages the browser may send between binary PCM chunks. */
export const audioControlSchema = z.object({ type: z.enum(['end']) });
export type AudioControl = z.infer<typeof audioControlSchema>;

/** Text frames on the dictation socket are checked against these before parsing. */
export const AUDIO_CONTROL_LIMITS: JsonLimits = { maxBytes: 1024, maxDepth: 8, maxValues: 64 };

export const AUDIO_SAMPLE_RATE = 44100;
export const AUDIO_BUFFER_SAMPLES = 2048;

/**
 * The dictation socket (SPEC §7): `/ws/audio?worldId=…&browser=…`, the same
 * session cookie as the cog socket. The browser sends binary frames of 16-bit
 * little-endian mono PCM at AUDIO_SAMPLE_RATE (AUDIO_BUFFER_SAMPLES samples
 * each) and `{"type":"end"}` when the user stops; the server answers with
 * AudioReply text frames: any number of `{text, isFinal:false}` hints, then one
 * `{text, isFinal:true}` per utterance (text may be '' for silence), or `{error}`.
 * After the final reply of an `end`, the socket may carry the next utterance.
 */
export const AUDIO_SOCKET_PATH = '/ws/audio';

export const AUDIO_ERRORS = {
  unavailable: 'Speech recognition is not available on this server',
} as const;
