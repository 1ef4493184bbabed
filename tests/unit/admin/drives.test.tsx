import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminHomePage } from '../../../src/features/admin/AdminHomePage';
import { EmdriveListPage } from '../../../src/features/admin/drives/EmdriveListPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, stubFetch } from '../testStore';
import { adminState, ok, pathOf } from './drivesFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIBRARY = {
  Name: 'Library',
  TotalSize: 1536,
  FileCount: 34,
  Tags: [
    { Name: 'handbook', Count: 6 },
    { Name: 'policy', Count: 5 },
    { Name: 'engineering', Count: 8 },
    { Name: 'research', Count: 4 },
    { Name: 'product', Count: 4 },
    { Name: 'finance', Count: 3 },
    { Name: 'people', Count: 2 },
  ],
};
const NOTES = { Name: 'Notes', TotalSize: 0, FileCount: 1, Tags: [{ Name: 'todo', Count: 1 }] };

describe('Admin home', () => {
  it('shows the admin areas as cards linking to their pages', () => {
    renderWithProviders(<AdminHomePage />, { path: '/admin', preloadedState: adminState() });
    const areas = screen.getByRole('navigation', { name: 'Admin areas' });
    const links = within(areas).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/admin/emdrive',
      '/admin/search',
      '/admin/apps',
      '/admin/mcp',
      '/admin/support-logs',
      '/admin/commands',
      '/admin/users',
      '/admin/audit',
    ]);
    for (const title of [
      'EMDrive Management',
      'Cross-Drive Search',
      'Applications Management',
      'Support logs',
      'Command Registry',
      'People',
      'Audit log',
    ]) {
      expect(within(areas).getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe(
      '/w/innovation-lab/dashboard',
    );
  });

  it('tells someone who is not an admin of the world that the page is closed (403), asking nothing', () => {
    const seen = stubFetch(() => ok([]));
    renderWithProviders(<EmdriveListPage />, {
      path: '/admin/emdrive',
      preloadedState: adminState(false),
    });
    expect(screen.getByText(/403 — Administrators of this world only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(seen.filter((r) => pathOf(r).startsWith('/api/drives'))).toHaveLength(0);
  });
});

describe('EMDrive list', () => {
  it('shows a card per drive with size, file count, five tags with counts and “+N more”', async () => {
    const seen = stubFetch(() => ok([LIBRARY, NOTES]));
    const { router } = renderWithProviders(<EmdriveListPage />, {
      path: '/admin/emdrive',
      preloadedState: adminState(),
    });
    const list = await screen.findByRole('list', { name: 'EMDrives' });
    expect(within(list).getByRole('heading', { name: 'Library' })).toBeTruthy();
    expect(within(list).getByText(/34 files/)).toBeTruthy();
    expect(within(list).getByText('1.5 KB')).toBeTruthy();
    const tags = within(list).getByRole('list', { name: 'Tags of Library' });
    const chips = within(tags)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual([
      'handbook (6)',
      'policy (5)',
      'engineering (8)',
      'research (4)',
      'product (4)',
      '+2 more',
    ]);
    const notesTags = within(list).getByRole('list', { name: 'Tags of Notes' });
    expect(within(notesTags).queryByText(/more/)).toBeNull();
    expect(within(list).getByText(/1 file$/)).toBeTruthy();

    const [call] = seen;
    expect(pathOf(call!)).toBe('/api/drives');
    expect(new URL(call!.url).searchParams.get('forAdmin')).toBe('true');
    expect(call!.headers.get('X-World-Id')).toBe('innovation-lab');

    fireEvent.click(within(list).getByRole('link', { name: 'Library' }));
    expect(router.state.location.pathname).toBe('/admin/emdrive/Library');
  });

  it("says 'No EMDrives found' when there are none, and Refresh asks again", async () => {
    let drives: unknown[] = [];
    const seen = stubFetch(() => ok(drives));
    renderWithProviders(<EmdriveListPage />, {
      path: '/admin/emdrive',
      preloadedState: adminState(),
    });
    expect(await screen.findByText('No EMDrives found')).toBeTruthy();
    drives = [NOTES];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy();
    expect(seen).toHaveLength(2);
  });

  it("shows 'Failed to load drives: …' with the server's error", async () => {
    stubFetch(() => json(500, { status: 'error', error: 'database is locked' }));
    renderWithProviders(<EmdriveListPage />, {
      path: '/admin/emdrive',
      preloadedState: adminState(),
    });
    expect(await screen.findByText('Failed to load drives: database is locked')).toBeTruthy();
  });
});
