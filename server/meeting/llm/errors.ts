/** Every failure of the language-model engine: the runner shows the message as is. */
export class LlmError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Language model error: ${detail}`, options);
    this.name = 'LlmError';
  }
}

const MAX_DETAIL = 300;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
}

/**
 * The provider's own words from an error body: OpenAI and vLLM send
 * {"error":{"message"}}, Ollama {"error":"…"}, others {"message":"…"} or plain text.
 */
export function providerMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { error, message, detail } = parsed as Record<string, unknown>;
      if (typeof error === 'string') return clip(error);
      if (error && typeof error === 'object') {
        const inner = (error as Record<string, unknown>).message;
        if (typeof inner === 'string') return clip(inner);
      }
      if (typeof message === 'string') return clip(message);
      if (typeof detail === 'string') return clip(detail);
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return clip(body);
}

/** `401 Unauthorized — invalid api key` from a non-2xx response. */
export async function httpError(response: Response): Promise<LlmError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // the body is gone; the status line still says something
  }
  const status = [String(response.status), response.statusText].filter(Boolean).join(' ');
  const detail = body ? providerMessage(body) : '';
  return new LlmError(detail ? `${status} — ${detail}` : status);
}

function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (cause instanceof Error && cause.message) return `${err.message}: ${cause.message}`;
  if (cause && typeof cause === 'object' && 'code' in cause) {
    return `${err.message}: ${String((cause as { code: unknown }).code)}`;
  }
  return err.message;
}

/** Wraps whatever went wrong (abort, network, our own LlmError) into an LlmError. */
export function asLlmError(err: unknown, signal: AbortSignal, what: string): LlmError {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const why =
      reason instanceof Error && reason.name !== 'AbortError' ? ` (${reason.message})` : '';
    return new LlmError(`request aborted${why}`, { cause: err });
  }
  if (err instanceof LlmError) return err;
  return new LlmError(`${what} (${causeOf(err)})`, { cause: err });
}
