import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalSignInPage } from '../../../src/features/auth/PortalSignInPage';
import { renderWithProviders } from '../renderWithProviders';
import { SESSION, json, stubFetch } from '../testStore';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REQUIRED =
  'Your password was reset by an administrator. Choose a new password to finish signing in.';

describe('signing in with a temporary password (issue 21)', { timeout: 20_000 }, () => {
  it('asks for a new password, checks both match, and sends it with the temporary one', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubFetch(async (req) => {
      const body = (await req.clone().json()) as Record<string, unknown>;
      bodies.push(body);
      return body.new_password
        ? json(200, SESSION)
        : json(403, { status: 'error', error: REQUIRED, password_change_required: true });
    });
    const { router } = renderWithProviders(<PortalSignInPage />, { path: '/portal/login' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'bo@example.org' } });
    fireEvent.change(screen.getByLabelText(/^Password/), {
      target: { value: 'abcd-efgh-jkmn-pqrs' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'mine-own-1' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), {
      target: { value: 'mine-own-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The two new passwords differ.')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), {
      target: { value: 'mine-own-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/innovation-lab/dashboard'));
    expect(bodies[1]).toMatchObject({
      email: 'bo@example.org',
      password: 'abcd-efgh-jkmn-pqrs',
      new_password: 'mine-own-1',
    });
  });
});
