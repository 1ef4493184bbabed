import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_COOKIE } from '../../../protocol';
import { LoginPage } from '../../../src/features/auth/LoginPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, SESSION, stubFetch } from '../testStore';

/** /login on a fresh load: it asks about a session only when the server's hint says there may be one. */
describe('/login on a fresh load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${SIGNED_IN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('signed out (no hint): shows the button without a request that would fail', async () => {
    const seen = stubFetch(() => json(401, { status: 'unauthorized', login_url: '/portal' }));
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('button', { name: 'Sign in with Portal' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(0);
  });

  it('with the hint: checks the session and sends a signed-in person to their world', async () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; path=/`;
    const seen = stubFetch(() => json(200, SESSION));
    const { router } = renderWithProviders(<LoginPage />, { path: '/login' });
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/w/innovation-lab/dashboard'),
    );
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/user']);
  });
});
