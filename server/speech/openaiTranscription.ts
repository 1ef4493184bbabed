import type { Recognition, SpeechProvider } from './provider';
import { wavFile } from './wav';

/** Longest a provider's error text may be when quoted back to the user. */
const MESSAGE_KEEP = 300;

/**
 * Any OpenAI-compatible transcription endpoint: the whole utterance is held
 * (the socket bounds it) and POSTed at the end as a 16 kHz WAV to
 * `{baseUrl}/audio/transcriptions`, multipart with `file` and `model`; the
 * JSON answer's `text` is the final text. No hints.
 */
export function openAiTranscriptionProvider(opts: {
  baseUrl: string;
  model: string;
  apiKey?: string;
  sampleRate?: number;
}): SpeechProvider {
  const sampleRate = opts.sampleRate ?? 16000;
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    name: 'openai-compatible',
    sampleRate,
    start(): Recognition {
      let chunks: Buffer[] = [];
      let bytes = 0;
      let aborted = false;
      const controller = new AbortController();
      return {
        write(pcm) {
          if (aborted) return;
          chunks.push(pcm);
          bytes += pcm.length;
        },
        get pendingBytes() {
          return bytes;
        },
        async finish() {
          if (aborted) throw new Error('Speech recognition was stopped');
          const form = new FormData();
          form.append(
            'file',
            new Blob([wavFile(chunks, sampleRate)], { type: 'audio/wav' }),
            'utterance.wav',
          );
          form.append('model', opts.model);
          form.append('response_format', 'json');
          chunks = [];
          const headers: Record<string, string> = { accept: 'application/json' };
          if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
          let res: Response;
          try {
            res = await fetch(endpoint, {
              method: 'POST',
              body: form,
              headers,
              signal: controller.signal,
            });
          } catch (err) {
            if (aborted) throw new Error('Speech recognition was stopped', { cause: err });
            // fetch says only "fetch failed"; the reason (ECONNREFUSED, …) is its cause.
            const why = (err as { cause?: { message?: string } }).cause?.message;
            throw new Error(
              `Speech-to-text service unreachable: ${why ?? (err as Error).message}`,
              { cause: err },
            );
          }
          const body = await res.text().catch(() => '');
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          if (!res.ok) {
            const message = providerMessage(json) ?? (body.trim() || res.statusText);
            throw new Error(
              `Speech-to-text service error (HTTP ${res.status}): ${message.slice(0, MESSAGE_KEEP)}`,
            );
          }
          const text = (json as { text?: unknown } | undefined)?.text;
          if (typeof text !== 'string')
            throw new Error('Speech-to-text service answered without text');
          return text.trim();
        },
        abort() {
          if (aborted) return;
          aborted = true;
          chunks = [];
          controller.abort();
        },
      };
    },
  };
}

/** `{error: {message}}` (OpenAI), `{error: "…"}`, `{message}` or `{detail}`. */
function providerMessage(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const o = json as Record<string, unknown>;
  const err = o.error;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string')
    return (err as { message: string }).message;
  if (typeof o.message === 'string') return o.message;
  if (typeof o.detail === 'string') return o.detail;
  return undefined;
}
