import { ToolError, type ExpertReporter, type Tool } from '../types';
import type { ChatMessage, ChatTool, ChatToolCall } from './chat';

/** The request's tools as chat-completions functions. */
export function chatTools(tools: Tool[]): ChatTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters:
        typeof tool.parameters.type === 'string'
          ? tool.parameters
          : { type: 'object', properties: {}, ...tool.parameters },
    },
  }));
}

function parseArguments(text: string): Record<string, unknown> | string {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return `the arguments are not valid JSON (${(err as Error).message})`;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return 'the arguments must be a JSON object';
  }
  return parsed as Record<string, unknown>;
}

/**
 * Runs one call through the reporter and returns what the model should read.
 * Mistakes (unknown tool, bad arguments) and tool failures go back to the
 * model as text so it can recover; an abort propagates.
 */
async function runCall(
  call: ChatToolCall,
  tools: Tool[],
  report: ExpertReporter,
  signal: AbortSignal,
): Promise<string> {
  const { name } = call.function;
  if (!tools.some((tool) => tool.name === name)) {
    const known = tools.map((tool) => tool.name).join(', ') || 'none';
    return `Error: there is no tool named "${name}". Available tools: ${known}.`;
  }
  const args = parseArguments(call.function.arguments);
  if (typeof args === 'string') return `Error: could not call ${name}: ${args}.`;
  try {
    const result = await report.useTool(name, args);
    return result.output;
  } catch (err) {
    if (signal.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    report.progress('working-with-errors', message);
    if (!(err instanceof ToolError)) return `Error: the tool ${name} failed: ${message}`;
    return `Error: ${message}`;
  }
}

/** Runs a turn's tool calls in order and returns the tool messages to send back. */
export async function runToolCalls(
  calls: ChatToolCall[],
  tools: Tool[],
  report: ExpertReporter,
  signal: AbortSignal,
): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  for (const call of calls) {
    signal.throwIfAborted();
    const content = await runCall(call, tools, report, signal);
    messages.push({ role: 'tool', tool_call_id: call.id, content });
  }
  return messages;
}
