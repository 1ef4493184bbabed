import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MarkdownOnDemand,
  preloadRichText,
  SafeHtmlOnDemand,
} from '../../../src/components/RichTextOnDemand';

/**
 * The workspace's markdown and HTML renderers are a chunk fetched with the
 * first content. Until it is in, markdown shows as plain text and HTML not at
 * all; then both render as usual. (Nothing in this file loads it beforehand.)
 */
describe('rich text on demand', () => {
  it('shows markdown as plain text until the renderer is in, then renders it', async () => {
    const { container } = render(<MarkdownOnDemand content={'The answer is **310**.'} />);
    expect(container.textContent).toBe('The answer is **310**.');
    expect((await screen.findByText('310')).tagName).toBe('STRONG');
  });

  it('shows no HTML before the sanitizer is in, and sanitized HTML after', async () => {
    const { container } = render(
      <SafeHtmlOnDemand html={'<b>there</b><img src="x" onerror="alert(1)">'} />,
    );
    expect(container.querySelector('b')).toBeNull();
    expect((await screen.findByText('there')).tagName).toBe('B');
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('renders at once, without a fallback, once loaded', async () => {
    await preloadRichText();
    const { container } = render(<MarkdownOnDemand content={'*now*'} />);
    expect(container.querySelector('em')?.textContent).toBe('now');
  });
});
