import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result as text an engine (or a person) reads: text blocks as they
 * are, other blocks named by what they are (an image is not pasted as
 * base64), structured content as JSON when there is no text. `value` keeps
 * the structured content for the trace.
 */
export function resultText(result: Partial<CallToolResult> & { toolResult?: unknown }): {
  text: string;
  value?: unknown;
} {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'image':
      case 'audio':
        parts.push(
          `[${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`,
        );
        break;
      case 'resource': {
        const r = block.resource;
        parts.push('text' in r && typeof r.text === 'string' ? r.text : `[resource ${r.uri}]`);
        break;
      }
      case 'resource_link':
        parts.push(`[${block.name}](${block.uri})`);
        break;
    }
  }
  const structured = result.structuredContent ?? result.toolResult;
  if (!parts.length && structured !== undefined) parts.push(JSON.stringify(structured));
  return { text: parts.join('\n'), ...(structured !== undefined ? { value: structured } : {}) };
}
