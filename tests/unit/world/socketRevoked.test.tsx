import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_NOT_SIGNED_IN, CLOSE_WORLD_FORBIDDEN } from '../../../protocol';
import { SESSION, json } from '../testStore';
import { appConnecting } from './appConnecting';

afterEach(() => vi.unstubAllGlobals());

/** Ann administers both worlds, so the admin home (a page with no calls of its own) opens. */
const ADMIN_SESSION = {
  ...SESSION,
  accessible_worlds: SESSION.accessible_worlds.map((w) => ({ ...w, is_admin: true })),
};

/**
 * The whole app (its real route table and store) in a world, with the cog
 * socket open; `session` is what POST /api/user answers at the moment.
 */
async function openInWorld(path: string, session: () => Response) {
  const t = await appConnecting(path, session);
  act(() => t.socket.serverOpen());
  expect(await screen.findByText('EMDrive Management')).toBeTruthy();
  return t;
}

describe('an open socket closed by the server because access ended', () => {
  it('4401 (signed out elsewhere, session ended): the sign-in page, without a reload', async () => {
    let signedIn = true;
    const t = await openInWorld('/w/innovation-lab/admin', () =>
      signedIn
        ? json(200, ADMIN_SESSION)
        : json(401, { status: 'unauthorized', login_url: '/portal' }),
    );
    signedIn = false;
    act(() => t.socket.serverClose(CLOSE_NOT_SIGNED_IN, 'Not signed in', true));

    expect(await screen.findByRole('button', { name: 'Sign in with Portal' })).toBeTruthy();
    expect(t.router.state.location.pathname).toBe('/auth/login');
    expect(t.router.state.location.search).toBe(
      `?next=${encodeURIComponent('/w/innovation-lab/admin')}`,
    );
    // Not retried: the socket stays closed.
    expect(t.sockets.instances).toHaveLength(1);
  });

  it('4403 (world access revoked): the refusal screen, whose way out leads to a world still open', async () => {
    let worlds = ADMIN_SESSION;
    const t = await openInWorld('/w/innovation-lab/admin', () => json(200, worlds));
    // The server now has innovation-lab taken away; acme_research is left.
    worlds = {
      ...ADMIN_SESSION,
      active_world: 'acme_research',
      accessible_worlds: [{ world_id: 'acme_research', name: 'Acme Research', is_admin: true }],
    };
    const reason = 'You do not have access to world "innovation-lab"';
    act(() => t.socket.serverClose(CLOSE_WORLD_FORBIDDEN, reason, true));

    expect(await screen.findByText('This world is not open to you')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    const way = await screen.findByRole('link', { name: 'Go to my world' });
    await vi.waitFor(() => expect(way.getAttribute('href')).toBe('/w/acme_research/dashboard'));
    expect(t.sockets.instances).toHaveLength(1); // not retried

    fireEvent.click(way);
    await vi.waitFor(() =>
      expect(t.router.state.location.pathname).toBe('/w/acme_research/dashboard'),
    );
    expect(t.sockets.last().url).toContain('worldId=acme_research');
  });
});
