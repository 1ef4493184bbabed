import { randomUUID } from 'node:crypto';
import type { ChatDelta, ChatToolCall, ChatTurn } from './chat';
import { LlmError } from './errors';
import { readSse } from './sse';

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

interface ChoiceLike {
  delta?: ChatDelta;
  message?: ChatDelta;
  finish_reason?: string | null;
}

/** Folds chunks into text and tool calls (tool calls arrive as fragments by index). */
class TurnBuilder {
  content = '';
  finishReason: string | null = null;
  private readonly calls = new Map<number, PartialCall>();

  add(delta: ChatDelta | undefined): string {
    if (!delta) return '';
    for (const [position, fragment] of (delta.tool_calls ?? []).entries()) {
      const index = typeof fragment.index === 'number' ? fragment.index : position;
      const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      this.calls.set(index, call);
    }
    const text = typeof delta.content === 'string' ? delta.content : '';
    this.content += text;
    return text;
  }

  turn(): ChatTurn {
    const toolCalls: ChatToolCall[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        id: call.id || `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      }));
    return { content: this.content, toolCalls, finishReason: this.finishReason };
  }
}

function parseChunk(data: string): Record<string, unknown> {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new LlmError(`malformed data in the response stream: ${data.slice(0, 120)}`);
  }
  if (!chunk || typeof chunk !== 'object') {
    throw new LlmError(`unexpected data in the response stream: ${data.slice(0, 120)}`);
  }
  const error = (chunk as Record<string, unknown>).error;
  if (error) {
    const message =
      typeof error === 'string'
        ? error
        : String((error as Record<string, unknown>).message ?? JSON.stringify(error));
    throw new LlmError(message);
  }
  return chunk as Record<string, unknown>;
}

function firstChoice(chunk: Record<string, unknown>): ChoiceLike | undefined {
  const choices = chunk.choices;
  return Array.isArray(choices) ? (choices[0] as ChoiceLike | undefined) : undefined;
}

/**
 * Reads a streamed chat completion, calling onText with each piece of answer
 * text. A stream that stops before `[DONE]` or a finish reason is an error.
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onText: (piece: string) => void,
): Promise<ChatTurn> {
  const builder = new TurnBuilder();
  let done = false;
  for await (const data of readSse(body)) {
    if (data.trim() === '[DONE]') {
      done = true;
      break;
    }
    const choice = firstChoice(parseChunk(data));
    const piece = builder.add(choice?.delta);
    if (choice?.finish_reason) builder.finishReason = choice.finish_reason;
    if (piece) onText(piece);
  }
  if (!done && !builder.finishReason) {
    throw new LlmError('the response stream ended before the answer was complete');
  }
  return builder.turn();
}

/** A provider that ignored `stream: true` and sent one JSON completion. */
export function readChatJson(text: string, onText: (piece: string) => void): ChatTurn {
  const builder = new TurnBuilder();
  const choice = firstChoice(parseChunk(text));
  if (!choice) throw new LlmError('the response had no choices');
  const piece = builder.add(choice.message ?? choice.delta);
  builder.finishReason = choice.finish_reason ?? 'stop';
  if (piece) onText(piece);
  return builder.turn();
}
