import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';

/**
 * A streamed answer's markdown is parsed again with each delta, in the
 * background: the newest text still comes on screen, and the text parsed
 * before stays until it does.
 */
describe('markdown of a streamed answer', () => {
  it('shows each new version of the text', async () => {
    const { rerender, container } = render(<Markdown content={'The answer is'} />);
    expect(container.textContent).toBe('The answer is');
    await act(async () => rerender(<Markdown content={'The answer is **310**.'} />));
    expect(screen.getByText('310').tagName).toBe('STRONG');
    await act(async () => rerender(<Markdown content={'The answer is **310**. Done.'} />));
    expect(container.textContent).toBe('The answer is 310. Done.');
  });

  it('shows what it says when the text becomes empty', async () => {
    const { rerender } = render(<Markdown content={'Thinking…'} />);
    await act(async () => rerender(<Markdown content={''} />));
    expect(screen.getByText('No content to render')).toBeTruthy();
  });
});
