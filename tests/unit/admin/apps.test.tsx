import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDetailPage } from '../../../src/features/admin/apps/AppDetailPage';
import { AppsListPage } from '../../../src/features/admin/apps/AppsListPage';
import type { Reply } from '../workspaceManagement/scriptedServer';
import { renderAdminPage } from './registryHarness';

const entry = (moduleName: string, cogName: string, attrs?: Record<string, unknown>) => ({
  moduleName,
  cogName,
  ...(attrs ? { attrs } : {}),
});
const many = (n: number) => Array.from({ length: n }, (_, i) => entry('m', `c${i}`));

const APPS = [
  {
    appName: 'emgen',
    processId: 4242,
    annotations: {
      command: [
        entry('palette', 'open_console', { name: 'Open Console', tags: ['admin'] }),
        entry('palette', 'open_finder'),
      ],
      expert: many(4),
      tool: many(3),
      page: many(1),
      flow: many(1),
      widget: many(6),
      dashboard: many(2),
    },
  },
  { appName: 'notes-app', annotations: {} },
];

const registry =
  (answer: Reply = { typ: 'cog.call.response', content: { status: 'success', result: APPS } }) =>
  (f: { typ: string }): Reply | undefined =>
    f.typ === 'cog.call' ? answer : undefined;

afterEach(() => vi.useRealTimers());

/** Both pages' routes, so that going from one to the other stays in the test router. */
const ROUTE = '/admin/apps/:appName?';

function renderList(respond = registry()) {
  return renderAdminPage(<AppsListPage />, { path: '/admin/apps', routePath: ROUTE, respond });
}

describe('Applications Management (SPEC §2)', () => {
  it('asks the registry over cog.call and shows a card per app', async () => {
    const t = renderList();
    expect(screen.getByText('Loading applications...')).toBeTruthy();
    const card = await screen.findByRole('button', { name: 'Application emgen' });
    expect(t.written.find((f) => f.typ === 'cog.call')!.content).toEqual({
      appname: 'emgen',
      module: 'registry',
      cog: 'apps',
    });
    const c = within(card);
    expect(c.getByText('Process ID: 4242')).toBeTruthy();
    expect(c.getByText('Annotations: 19')).toBeTruthy();
    expect(c.getAllByText(/^@/).map((e) => e.textContent)).toEqual([
      '@widget (6)',
      '@expert (4)',
      '@tool (3)',
      '@command (2)',
      '@dashboard (2)',
    ]);
    expect(c.getByText('+2 more')).toBeTruthy();
    const other = within(screen.getByRole('button', { name: 'Application notes-app' }));
    expect(other.getByText('Process ID: Unknown')).toBeTruthy();
    expect(other.getByText('Annotations: 0')).toBeTruthy();
  });

  it('opens the detail page on click', async () => {
    const t = renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Application notes-app' }));
    expect(t.router.state.location.pathname).toBe('/admin/apps/notes-app');
  });

  it("says 'No applications found' for an empty registry, and Refresh asks again", async () => {
    const t = renderList(
      registry({ typ: 'cog.call.response', content: { status: 'success', result: [] } }),
    );
    expect(await screen.findByText('No applications found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No applications found')).toBeTruthy();
    expect(t.written.filter((f) => f.typ === 'cog.call')).toHaveLength(2);
  });

  it('stops loading after 5 s without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderList(() => 'silent');
    await act(() => vi.advanceTimersByTimeAsync(4990));
    expect(screen.getByText('Loading applications...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.queryByText('Loading applications...')).toBeNull();
    expect(screen.getByText('Request timed out')).toBeTruthy();
    expect(screen.getByText('No applications found')).toBeTruthy();
  });

  it("shows the registry's refusal", async () => {
    renderList(
      registry({
        typ: 'cog.call.response',
        content: { status: 'error', error: 'Administrators of this world only' },
      }),
    );
    expect(await screen.findByText('Administrators of this world only')).toBeTruthy();
  });

  it('is for admins only', () => {
    renderAdminPage(<AppsListPage />, { path: '/admin/apps', routePath: ROUTE, isAdmin: false });
    expect(screen.getByText(/403/)).toBeTruthy();
  });
});

function renderDetail(name: string, respond = registry()) {
  return renderAdminPage(<AppDetailPage />, {
    path: `/admin/apps/${name}`,
    routePath: ROUTE,
    respond,
  });
}

describe('Application detail (SPEC §2)', () => {
  it('shows a tab per annotation kind and a Module / Cog / Attributes table', async () => {
    renderDetail('emgen');
    const tabs = await screen.findByRole('tablist', { name: 'Annotation kinds' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      '@widget (6)',
      '@expert (4)',
      '@tool (3)',
      '@command (2)',
      '@dashboard (2)',
      '@flow (1)',
      '@page (1)',
    ]);
    expect(screen.getByText('Process ID: 4242')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: '@command (2)' }));
    const table = screen.getByRole('table', { name: '@command annotations' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Module', 'Cog', 'Attributes']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['palette', 'open_console', 'name: Open Consoletags: ["admin"]']);
    expect(within(rows[2]!).getByText('No attributes')).toBeTruthy();
  });

  it('says when an app has no annotations', async () => {
    renderDetail('notes-app');
    expect(await screen.findByText('No annotations defined for this application.')).toBeTruthy();
    expect(screen.getByText('Process ID: Unknown')).toBeTruthy();
  });

  it('warns about an unknown app and links back to the list', async () => {
    const t = renderDetail('gone');
    expect(
      await screen.findByText(
        'Application not found. It may have been unloaded or the name is incorrect.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to List' }));
    expect(t.router.state.location.pathname).toBe('/admin/apps');
  });

  it('Refresh asks the registry again', async () => {
    const t = renderDetail('emgen');
    await screen.findByRole('tablist');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('tablist');
    expect(t.written.filter((f) => f.typ === 'cog.call')).toHaveLength(2);
  });
});
