/** The OpenAI chat-completions wire shapes the engine sends and reads. */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  stream: true;
  tools?: ChatTool[];
  tool_choice?: 'auto';
}

/** One streamed chunk's delta (every field optional: providers differ). */
export interface ChatDelta {
  content?: string | null;
  tool_calls?: {
    index?: number;
    id?: string;
    type?: string;
    function?: { name?: string; arguments?: string };
  }[];
}

/** What one completion produced once its stream ended. */
export interface ChatTurn {
  content: string;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
}
