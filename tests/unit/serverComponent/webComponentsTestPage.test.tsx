import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { WebComponentsTestPage } from '../../../src/features/pages/WebComponentsTestPage';
import type { RootState } from '../../../src/store/store';
import { renderWithProviders } from '../renderWithProviders';

const signedIn: Partial<RootState> = {
  auth: {
    ...initialAuthState,
    loggedin: true,
    status: 'ok',
    user: { name: 'Ada', email: 'ada@example.com' },
    activeWorld: 'acme',
    accessibleWorlds: [{ world_id: 'acme', name: 'Acme' }],
  },
};

async function renderPage() {
  let view!: ReturnType<typeof renderWithProviders>;
  // The elements render into their own roots: let those commit too.
  await act(async () => {
    view = renderWithProviders(<WebComponentsTestPage />, {
      path: '/webcomponents-test',
      preloadedState: signedIn,
    });
  });
  return view;
}

describe('WebComponentsTestPage', () => {
  it('shows two working elements and one per error case', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Web Components Test' })).toBeTruthy();
    const shown = screen
      .getAllByTestId('webcomponent-example')
      .map((card) => card.querySelector('emgen-component')!.textContent);
    expect(shown[0]).toBe('EmbeddedThis alert came from a data attribute.');
    expect(shown[1]).toContain('Meeting notes');
    expect(shown[1]).toContain('Grüße an das Team, 世界');
    expect(shown.slice(2, 4)).toEqual([
      'Missing component data',
      'Base64 decode error: Invalid character found',
    ]);
    expect(shown[4]).toMatch(/JSON/);
    expect(shown[5]).toBe('Invalid component data');
  });

  it('renders pasted JSON live through the element', async () => {
    await renderPage();
    const live = screen.getByTestId('webcomponent-live');
    expect(live.textContent).toBe('Edit this JSON to see it rendered.');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Component JSON'), {
        target: { value: '{"component":"Text","content":"Hello, live"}' },
      });
    });
    expect(live.textContent).toBe('Hello, live');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Component JSON'), { target: { value: '{"x":' } });
    });
    expect(live.querySelector('[data-testid="embedded-component-error"]')).not.toBeNull();
  });
});
