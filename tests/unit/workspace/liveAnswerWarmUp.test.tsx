import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveAnswerWarmUp } from '../../../src/features/workspace/components/LiveAnswerWarmUp';

/**
 * The styles an answer's first frame needs are inserted while the page is
 * idle: the chip and typing dots render once, hidden, and then nothing is
 * left in the page.
 */
describe('warming up for the first live answer', () => {
  it('renders the chip and dots hidden once when idle, then renders nothing', async () => {
    const { container, unmount } = render(<LiveAnswerWarmUp />);
    expect(container.innerHTML).toBe('');

    await waitFor(() => expect(container.querySelector('.MuiChip-root')).not.toBeNull());
    const hidden = container.firstElementChild as HTMLElement;
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
    expect(hidden.style.display).toBe('none');
    expect(hidden.querySelectorAll('span[role="status"] > span')).toHaveLength(3);

    await waitFor(() => expect(container.innerHTML).toBe(''));
    unmount();

    // Once a page load: a transcript mounted again has nothing to warm.
    const again = render(<LiveAnswerWarmUp />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(again.container.innerHTML).toBe('');
  });
});
