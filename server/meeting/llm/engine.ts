import type { AnswerRequest, ExpertEngine, ExpertReporter } from '../types';
import type { ChatMessage, ChatRequestBody } from './chat';
import { completeChat, type ChatClientOptions } from './client';
import { asLlmError, LlmError } from './errors';
import { buildMessages } from './prompt';
import { AnswerStream } from './throttle';
import { chatTools, runToolCalls } from './tools';

export interface LlmEngineOptions extends ChatClientOptions {
  /** Default model; an expert's own `model` wins. */
  model: string;
  /** Tool rounds before the model must answer (default 5). */
  maxToolRounds?: number;
}

async function answerWithModel(
  options: LlmEngineOptions,
  request: AnswerRequest,
  report: ExpertReporter,
): Promise<void> {
  const { signal } = request;
  const model = request.expert.model?.trim() || options.model;
  const maxRounds = Math.max(0, options.maxToolRounds ?? 5);
  const tools = chatTools(request.tools);
  const messages: ChatMessage[] = buildMessages(request);
  const stream = new AnswerStream(report);

  for (let round = 0; ; round++) {
    const offerTools = tools.length > 0 && round < maxRounds;
    const body: ChatRequestBody = { model, messages, stream: true };
    if (offerTools) {
      body.tools = tools;
      body.tool_choice = 'auto';
    }

    stream.paragraph();
    const turn = await completeChat(options, body, signal, (piece) => stream.push(piece));

    if (turn.toolCalls.length === 0 || !offerTools) {
      if (!stream.content.trim()) {
        throw new LlmError(
          turn.toolCalls.length === 0
            ? `the model (${model}) returned an empty answer`
            : tools.length === 0
              ? `the model (${model}) asked for tools, but this workspace has none`
              : `the model (${model}) gave no answer after ${maxRounds} tool rounds`,
        );
      }
      stream.finish();
      report.trace('Language model', { value: { model, toolRounds: round } });
      return;
    }
    messages.push({ role: 'assistant', content: turn.content, tool_calls: turn.toolCalls });
    messages.push(...(await runToolCalls(turn.toolCalls, request.tools, report, signal)));
  }
}

/**
 * An expert engine over any OpenAI-compatible chat-completions endpoint
 * (OpenAI, Ollama, vLLM, llama.cpp server): streaming, with function calling
 * over the workspace's tools. Every failure is thrown as an LlmError.
 */
export function createLlmEngine(options: LlmEngineOptions): ExpertEngine {
  return {
    name: 'llm',
    model: options.model,
    async answer(request, report) {
      try {
        await answerWithModel(options, request, report);
      } catch (err) {
        throw asLlmError(err, request.signal, 'unexpected failure');
      }
    },
  };
}
