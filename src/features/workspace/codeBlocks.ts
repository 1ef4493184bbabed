import type { TranscriptMessage } from './workspaceSlice';

export interface CodeBlock {
  /** `${message_id}:${index}` */
  id: string;
  messageId: string;
  author: string;
  language: string;
  code: string;
}

const FENCE = /^(```|~~~)[ \t]*([\w#+.-]*)[^\n]*\n([\s\S]*?)\n\1[ \t]*$/gm;

/** The fenced code blocks of a message's markdown (HTML messages carry none). */
export function extractCodeBlocks(message: TranscriptMessage): CodeBlock[] {
  if (!message.content) return [];
  const blocks: CodeBlock[] = [];
  for (const m of message.content.matchAll(FENCE)) {
    blocks.push({
      id: `${message.message_id}:${blocks.length}`,
      messageId: message.message_id,
      author: message.name,
      language: m[2] || 'text',
      code: m[3] ?? '',
    });
  }
  return blocks;
}
