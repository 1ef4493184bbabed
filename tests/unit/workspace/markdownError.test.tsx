import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';

// A plugin that fails stands in for any error while rendering markdown.
vi.mock('rehype-highlight', () => ({
  default: () => () => {
    throw new Error('highlighter crashed');
  },
}));

describe('Markdown', () => {
  it("shows 'Error rendering markdown' when rendering fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Markdown content={'# Title\n\n```js\nlet x = 1;\n```'} />);
    expect(await screen.findByText('Error rendering markdown')).toBeTruthy();
    error.mockRestore();
  });
});
