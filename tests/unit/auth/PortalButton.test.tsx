import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalButton } from '../../../src/features/auth/PortalButton';
import { renderWithProviders } from '../renderWithProviders';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Sign in with Portal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("flashes 'SSO login URL not available' when the server names none", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { status: 'unauthorized' })),
    );
    renderWithProviders(<PortalButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Portal' }));
    expect(await screen.findByText('SSO login URL not available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Portal' })).toBeTruthy();
  });

  it("flashes 'Error connecting to authentication service' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<PortalButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Portal' }));
    expect(await screen.findByText('Error connecting to authentication service')).toBeTruthy();
  });

  it("shows 'Connecting to authentication service...' while it redirects", async () => {
    const assign = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { status: 'unauthorized', login_url: '/portal' })),
    );
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    renderWithProviders(<PortalButton />, { path: '/auth/login?next=%2Fw%2Fx%2Fdashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Portal' }));
    expect(await screen.findByText('Connecting to authentication service...')).toBeTruthy();
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/portal/login?next=%2Fw%2Fx%2Fdashboard'),
    );
  });
});
