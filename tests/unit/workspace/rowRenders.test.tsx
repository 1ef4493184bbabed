import { describe, expect, it, vi } from 'vitest';
import { renderWorkspace, stubLayout } from './workspaceHarness';

// Count how often each message body renders: a stand-in for the real Markdown.
const renders = new Map<string, number>();
vi.mock('../../../src/components/Markdown', () => ({
  Markdown: ({ content }: { content?: string }) => {
    renders.set(content ?? '', (renders.get(content ?? '') ?? 0) + 1);
    return <p>{content}</p>;
  },
}));

stubLayout();

describe('transcript rows', () => {
  it('appending a message or streaming an answer renders only that row', () => {
    const { frame } = renderWorkspace();
    frame('user.echo', { message_id: 'u1', name: 'Ann', content: 'first' });
    frame('assistant.message', { message_id: 'a1', name: 'Ada', content: 'second' });
    const before = renders.get('first');
    const secondBefore = renders.get('second');
    expect(before).toBeGreaterThan(0);
    expect(secondBefore).toBeGreaterThan(0);

    frame('user.echo', { message_id: 'u2', name: 'Ann', content: 'third' });
    frame('assistant.message', { message_id: 'a2', name: 'Ada', content: 'par', final: false });
    frame('assistant.message', { message_id: 'a2', name: 'Ada', content: 'partial', final: true });
    expect(renders.get('first')).toBe(before);
    expect(renders.get('second')).toBe(secondBefore);
    expect(renders.get('third')).toBeGreaterThan(0);
    expect(renders.get('partial')).toBeGreaterThan(0);
  });
});
