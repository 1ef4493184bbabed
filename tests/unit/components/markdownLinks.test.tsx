import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/Markdown';
import { renderWithProviders } from '../renderWithProviders';

const CONFIGURE = '/w/acme/workspace-management?id=ws-1&mode=edit';

describe('links in markdown', () => {
  it('a path on this site opens in the app, in this tab', async () => {
    const { router } = renderWithProviders(
      <Markdown content={`Add it in [Configure Workspace](${CONFIGURE}).`} />,
      { path: '/w/acme/workspace?id=ws-1' },
    );
    const link = screen.getByRole('link', { name: 'Configure Workspace' });
    expect(link.getAttribute('href')).toBe(CONFIGURE);
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    await expect
      .poll(() => router.state.location.pathname + router.state.location.search)
      .toBe('/w/acme/workspace-management?id=ws-1&mode=edit');
  });

  it('another site, or a path that leaves it (//host), opens in a new tab', () => {
    render(<Markdown content="[docs](https://mathjs.org/) and [odd](//evil.example/x)" />);
    for (const name of ['docs', 'odd']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('outside the app’s router, a path on this site is a plain link in this tab', () => {
    render(<Markdown content={`[Configure Workspace](${CONFIGURE})`} />);
    const link = screen.getByRole('link', { name: 'Configure Workspace' });
    expect(link.getAttribute('href')).toBe(CONFIGURE);
    expect(link.getAttribute('target')).toBeNull();
  });
});
