import type { ChatRequestBody, ChatTurn } from './chat';
import { asLlmError, httpError, LlmError } from './errors';
import { readChatJson, readChatStream } from './stream';

export interface ChatClientOptions {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
}

/** Calls `${baseUrl}/chat/completions` and streams the answer's text to onText. */
export async function completeChat(
  options: ChatClientOptions,
  body: ChatRequestBody,
  signal: AbortSignal,
  onText: (piece: string) => void,
): Promise<ChatTurn> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const doFetch = options.fetch ?? globalThis.fetch;

  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    throw asLlmError(err, signal, `cannot reach ${url}`);
  }
  if (!response.ok) throw await httpError(response);

  try {
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('application/json')) return readChatJson(await response.text(), onText);
    if (!response.body) throw new LlmError('the response had no body');
    return await readChatStream(response.body, onText);
  } catch (err) {
    throw asLlmError(err, signal, 'the connection failed while the answer was streaming');
  }
}
