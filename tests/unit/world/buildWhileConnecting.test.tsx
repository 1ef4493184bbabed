import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildsWhileConnecting } from '../../../src/features/world/buildWhileConnecting';
import { SESSION, json } from '../testStore';
import { appConnecting } from './appConnecting';

afterEach(() => vi.unstubAllGlobals());

/** The whole app at `path`, signed in, the socket not yet open. */
const openWhileConnecting = (path: string) => appConnecting(path, () => json(200, SESSION));
/** The same, React reading the store through a held view (heldView.ts) as in the app. */
const openHeld = (path: string) =>
  appConnecting(path, () => json(200, SESSION), undefined, { held: true });

describe('a workspace page made while its world connects', () => {
  it('is made under "Connecting...", unseen, and its frames go out as the socket opens', async () => {
    const t = await openWhileConnecting('/w/innovation-lab/workspace?id=ws-1');
    // The page is there (its message box made and laid out) but hidden from sight and from
    // assistive technology until the socket is up.
    // (Found by selector: a role query that takes in hidden elements walks the page too slowly.)
    const messageBox = () => document.querySelector('textarea[aria-label="Message"]');
    const box = await vi.waitFor(() => messageBox() ?? Promise.reject(new Error('not made')), {
      timeout: 4000,
    });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const building = '[style="display: contents; visibility: hidden;"]';
    expect(box.closest(building)).not.toBeNull();
    const socket = t.sockets.last();
    expect(socket.sent).toEqual([]);

    act(() => socket.serverOpen());
    // The same page (not made again), out from under "Connecting...": its own "Loading..."
    // shows until the workspace is in. Its workspace's frames went out on open.
    expect(messageBox()).toBe(box);
    expect(box.closest(building)).toBeNull();
    expect(screen.getByText('Loading...')).toBeTruthy();
    const typs = socket.frames().map((f: { typ: string }) => f.typ);
    expect(typs).toContain('client.hello');
    expect(typs).toContain('display.messages');
    expect(typs.indexOf('client.hello')).toBeLessThan(typs.indexOf('display.messages'));
    expect(screen.queryByText('Connecting...')).toBeNull();
  });

  it('is shown in the render its world becomes ready, holding back no frame that comes then', async () => {
    const t = await openHeld('/w/innovation-lab/workspace?id=ws-1');
    const box = await vi.waitFor(
      () =>
        document.querySelector('textarea[aria-label="Message"]') ??
        Promise.reject(new Error('not made')),
      { timeout: 4000 },
    );
    // Made already, the page is shown by a style change in the same render, not by a deferred
    // render of its own that holds the store still (heldView.ts) until it commits: the
    // workspace's history, coming in the meantime, waited for it.
    const holds = vi.spyOn(t.view!, 'hold');
    act(() => t.socket.serverOpen());
    expect(box.closest('[style="display: contents; visibility: hidden;"]')).toBeNull();
    expect(holds).not.toHaveBeenCalled();
  });

  it('a page not built while connecting is made in a deferred render, the store held meanwhile', async () => {
    const t = await openHeld('/w/innovation-lab/dashboard');
    const holds = vi.spyOn(t.view!, 'hold');
    act(() => t.socket.serverOpen());
    expect(holds).toHaveBeenCalled();
  });

  it('the management page (a mode in the query) still waits for the socket', async () => {
    await openWhileConnecting('/w/innovation-lab/workspace?id=ws-1&mode=manage');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.querySelector('textarea[aria-label="Message"]')).toBeNull();
    expect(document.querySelector('[style*="display: contents"]')).toBeNull();
  });
});

describe('buildsWhileConnecting', () => {
  it('reads a route handle that names it, and nothing else', () => {
    const handle = { buildWhileConnecting: (s: URLSearchParams) => !s.has('mode') };
    expect(buildsWhileConnecting(handle, '?id=1')).toBe(true);
    expect(buildsWhileConnecting(handle, '?id=1&mode=x')).toBe(false);
    expect(buildsWhileConnecting(undefined, '')).toBe(false);
    expect(buildsWhileConnecting({ prefetchWhileConnecting() {} }, '')).toBe(false);
  });
});
