import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWorkspace, stubLayout } from './workspaceHarness';

stubLayout();

const announcement = () => screen.getByTestId('answer-announcer');

describe('answers announced to screen readers', () => {
  it('says who answered and how a streamed answer starts, once, when it is whole', () => {
    const { frame } = renderWorkspace();
    frame('display.message', { message_id: 'old', name: 'Ada', role: 'assistant', content: 'Old' });
    frame('user.echo', { message_id: 'u1', name: 'Ann', content: 'What is 12.5% of 2,480?' });
    // History, which comes whole, is not read out.
    expect(announcement().textContent).toBe('');

    frame('assistant.message', { message_id: 'a1', name: 'Ada', content: 'Let me', final: false });
    expect(announcement().textContent).toBe('');
    frame('assistant.message', {
      message_id: 'a1',
      name: 'Ada',
      content: 'It is **310**.',
      final: true,
    });
    expect(announcement().textContent).toBe('Ada answered: It is 310.');

    // Another frame of the same answer is not announced again; the next answer is.
    frame('assistant.message', {
      message_id: 'a1',
      name: 'Ada',
      content: 'It is **310**.',
      final: true,
    });
    expect(announcement().textContent).toBe('Ada answered: It is 310.');
    frame('assistant.message', { message_id: 'c1', name: 'Chrono', content: 'A', final: false });
    frame('assistant.message', {
      message_id: 'c1',
      name: 'Chrono',
      content: `<p>${'A long answer. '.repeat(30)}</p>`,
      final: true,
    });
    const said = announcement().textContent ?? '';
    expect(said.startsWith('Chrono answered: A long answer.')).toBe(true);
    expect(said.endsWith('…')).toBe(true);
    expect(said.length).toBeLessThan(200);
  });
});
