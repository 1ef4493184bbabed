import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_WAIT_MS } from '../../../src/features/world/prefetchWhileConnecting';
import { DASHBOARD } from '../dashboard/dashboardHarness';
import { SESSION, json } from '../testStore';
import { appConnecting } from './appConnecting';

afterEach(() => vi.unstubAllGlobals());

/** GET /api/dashboard held until the test lets it answer. */
function heldDashboard() {
  let answer: (res: Response) => void = () => undefined;
  const answered = new Promise<Response>((resolve) => (answer = resolve));
  return {
    handler: (req: Request) =>
      new URL(req.url).pathname === '/api/dashboard'
        ? answered
        : json(404, { status: 'error', error: 'none' }),
    answer: () => answer(json(200, DASHBOARD)),
  };
}

describe('a dashboard whose widgets are asked for while its world connects', () => {
  it('shows once they are in, whole: never its own loading state before them', async () => {
    const dashboard = heldDashboard();
    const t = await appConnecting(
      '/w/innovation-lab/dashboard',
      () => json(200, SESSION),
      dashboard.handler,
    );
    await vi.waitFor(() =>
      expect(t.seen.some((r) => new URL(r.url).pathname === '/api/dashboard')).toBe(true),
    );
    act(() => t.socket.serverOpen());
    // The socket is up, the widgets are not: the world's spinner stays, saying what it waits for.
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Connecting...')).toBeNull();
    expect(screen.queryByText('Loading dashboard...')).toBeNull();

    await act(async () => dashboard.answer());
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
    expect(screen.queryByText('Loading dashboard...')).toBeNull();
    expect(screen.queryByTestId('full-screen-spinner')).toBeNull();
  });

  it(`shows with its loading state when they take longer than ${PAGE_DATA_WAIT_MS} ms more`, async () => {
    const dashboard = heldDashboard();
    const t = await appConnecting(
      '/w/innovation-lab/dashboard',
      () => json(200, SESSION),
      dashboard.handler,
    );
    act(() => t.socket.serverOpen());
    expect(await screen.findByText('Loading...')).toBeTruthy();
    expect(
      await screen.findByText('Loading dashboard...', {}, { timeout: PAGE_DATA_WAIT_MS + 2000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('full-screen-spinner')).toBeNull();

    await act(async () => dashboard.answer());
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
  });
});
