import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_NAMES } from '../../../protocol/components';
import { gallerySamples } from '../../../src/components/serverComponent/gallerySamples';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { GalleryPage } from '../../../src/features/pages/GalleryPage';
import type { RootState } from '../../../src/store/store';
import { renderWithProviders } from '../renderWithProviders';

afterEach(() => vi.restoreAllMocks());

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

describe('gallery samples', () => {
  it('each sample is a node of its own component', () => {
    for (const name of COMPONENT_NAMES) expect(gallerySamples[name].component).toBe(name);
  });
});

describe('GalleryPage', () => {
  it('shows one card per component, each rendering its sample without an invalid box', async () => {
    renderWithProviders(<GalleryPage />, { path: '/u1/gallery', preloadedState: signedIn });
    expect(screen.getByRole('heading', { name: 'Component Gallery' })).toBeTruthy();
    for (const name of COMPONENT_NAMES) {
      const item = screen.getByTestId(`gallery-item-${name}`);
      expect(within(item).getByRole('heading', { name }).textContent).toBe(name);
    }
    expect(screen.queryAllByTestId('invalid-component')).toEqual([]);
    expect(screen.queryAllByTestId('action-error')).toEqual([]);
    // The chart arrives lazily; it must draw, not fail.
    const chart = screen.getByTestId('gallery-item-Chart');
    await vi.waitFor(() =>
      expect(chart.querySelector('.MuiChartsSurface-root svg')).not.toBeNull(),
    );
    expect(screen.queryByTestId('chart-error')).toBeNull();
  });

  it('with no server behind it, a sample event is logged', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderWithProviders(<GalleryPage />, { path: '/u1/gallery', preloadedState: signedIn });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(info).toHaveBeenCalledWith(expect.any(String), {
      event_handler: 'submit_answers',
      attrs: { step: 2 },
    });
  });
});
