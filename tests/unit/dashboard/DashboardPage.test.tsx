import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { dashboardWhileConnecting } from '../../../src/features/dashboard/dashboardWhileConnecting';
import { renderWithProviders } from '../renderWithProviders';
import { json, makeTestStore, stubFetch } from '../testStore';
import { answering, DASHBOARD, renderDashboard } from './dashboardHarness';

afterEach(() => vi.unstubAllGlobals());

describe('dashboard page: loading and failure', () => {
  it("shows 'Loading dashboard...' until GET /api/dashboard?id=core answers, with the world header", async () => {
    let release: (r: Response) => void = () => {};
    const { seen } = renderDashboard(
      answering({ dashboard: () => new Promise<Response>((resolve) => (release = resolve)) }),
    );
    expect(screen.getByText('Loading dashboard...')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
    await waitFor(() => expect(seen).toHaveLength(1));
    const url = new URL(seen[0]!.url);
    expect(seen[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/api/dashboard');
    expect(url.searchParams.get('id')).toBe('core');
    expect(seen[0]!.headers.get('X-World-Id')).toBe('acme');

    await act(async () => release(json(200, DASHBOARD)));
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
    expect(screen.queryByText('Loading dashboard...')).toBeNull();
    // One heading of level 1: the world's name in the bar, the widgets' titles below it.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Acme',
    ]);
  });

  it('shows the error with a retry that loads the dashboard', async () => {
    let fail = true;
    const { seen } = renderDashboard(
      answering({
        dashboard: () =>
          fail ? json(500, { status: 'error', error: 'boom' }) : json(200, DASHBOARD),
      }),
    );
    expect(await screen.findByText('Could not load dashboard. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
    expect(screen.queryByText('Could not load dashboard. Please try again.')).toBeNull();
    expect(seen).toHaveLength(2);
  });

  it("treats a body whose status is not ok as a failure; 'unauthorized' ends the session", async () => {
    const { store } = renderDashboard(
      answering({ dashboard: () => json(200, { status: 'unauthorized' }) }),
    );
    expect(await screen.findByText('Could not load dashboard. Please try again.')).toBeTruthy();
    expect(store.getState().auth.status).toBe('unauthorized');
  });

  it('keeps the connection chip on the page', async () => {
    renderDashboard();
    expect(screen.getByTestId('connection-status').textContent).toMatch(/^Live connection: /);
    await screen.findByText('Welcome back, Ann');
    expect(screen.getByTestId('connection-status')).toBeTruthy();
  });
});

describe('dashboard page: widgets', () => {
  it('renders each column with its widgets, unknown layouts as a named box', async () => {
    renderDashboard();
    const main = await screen.findByRole('region', { name: 'Main column' });
    const side = screen.getByRole('region', { name: 'Side column' });
    expect(within(main).getByText('Welcome back, Ann')).toBeTruthy();
    expect(within(main).getByText('Unknown Widget: FancyChart')).toBeTruthy();
    expect(within(side).getByRole('button', { name: 'Create Workspace' })).toBeTruthy();
    expect(within(side).getByText('Start something new')).toBeTruthy();
    expect(within(side).getByText('Our experts')).toBeTruthy();
    const banner = within(side).getByRole('img', { name: 'Open the tour' });
    expect(banner.getAttribute('src')).toBe('/img/banner.png');
    // Its own size, so the column keeps the image's place before it loads.
    expect([banner.getAttribute('width'), banner.getAttribute('height')]).toEqual(['640', '160']);
  });

  it('lists the workspaces: name or Untitled workspace, age, users and experts as (EM)', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Your workspaces' });
    const [first, second] = within(list).getAllByRole('link');
    expect(within(first!).getByText('Quantum review')).toBeTruthy();
    expect(within(first!).getByText('5 minutes ago')).toBeTruthy();
    expect(within(first!).getByText('Ann, Bob')).toBeTruthy();
    expect(within(first!).getByText('Ada (EM)')).toBeTruthy();
    expect(within(first!).getByText('Grace (EM)')).toBeTruthy();
    expect(within(second!).getByText('Untitled workspace')).toBeTruthy();
    expect(within(second!).getByText('2 days ago')).toBeTruthy();
  });

  it('opens a workspace when its history item is clicked', async () => {
    const { router } = renderDashboard();
    fireEvent.click(await screen.findByRole('link', { name: /Quantum review/ }));
    expect(router.state.location.pathname).toBe('/w/acme/workspace');
    expect(router.state.location.search).toBe('?id=ws-2');
  });

  it('shows an empty history', async () => {
    const empty = {
      ...DASHBOARD,
      main_column: [{ layout: 'DefaultHistoryWidget', user_prompt: 'Hello', workspaces: [] }],
    };
    renderDashboard(answering({ dashboard: () => json(200, empty) }));
    expect(await screen.findByText('No workspaces yet. Create one to get started.')).toBeTruthy();
  });

  it('shows the experts grid: names, keywords, home links', async () => {
    renderDashboard();
    const ada = await screen.findByRole('link', { name: 'Home page of Ada' });
    expect(ada.getAttribute('href')).toBe('/a/ada/p/home');
    const grace = screen.getByRole('link', { name: 'Home page of Grace' });
    expect(grace.getAttribute('href')).toBe('https://grace.test');
    expect(grace.getAttribute('target')).toBe('_blank');
    expect(grace.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('math, logic')).toBeTruthy();
    expect(screen.getByText('compilers')).toBeTruthy();
  });

  it('shows no home link that is neither http(s) nor a path on this site', async () => {
    const experts = ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x'].map(
      (home_link, i) => ({ expert_id: `x${i}`, name: `Mallory ${i}`, home_link }),
    );
    const hostile = {
      ...DASHBOARD,
      side_column: [{ layout: 'DefaultExpertsWidget', title: 'Hostile', experts }],
    };
    renderDashboard(answering({ dashboard: () => json(200, hostile) }));
    expect(await screen.findByText('Mallory 2')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /^Home page of Mallory/ })).toEqual([]);
  });
});

describe('dashboard page: actions', () => {
  it('Create Workspace posts new_chat_action and opens the management screen it names', async () => {
    const { router, seen } = renderDashboard(
      answering({
        action: () =>
          json(200, {
            status: 'ok',
            redirect_url: '/w/acme/workspace-management?id=ws-9&mode=create',
          }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create Workspace' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/w/acme/workspace-management'),
    );
    expect(router.state.location.search).toBe('?id=ws-9&mode=create');
    const post = seen.find((r) => new URL(r.url).pathname === '/api/action')!;
    expect(post.method).toBe('POST');
    expect(await post.json()).toEqual({ action: 'new_chat', source: 'dashboard' });
  });

  it('opens the workspace screen for any other redirect', async () => {
    const { router } = renderDashboard(
      answering({
        action: () => json(200, { status: 'ok', redirect_url: '/w/acme/workspace?id=ws-9' }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create Workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/w/acme/workspace'));
    expect(router.state.location.search).toBe('?id=ws-9');
  });

  it("flashes 'Server error: 500' when the action fails and stays on the dashboard", async () => {
    const { router } = renderDashboard(
      answering({ action: () => json(500, { status: 'error', error: 'boom' }) }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Server error: 500')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/w/acme/dashboard');
  });

  it("runs an image's click_action like the new-workspace action", async () => {
    const { router, seen } = renderDashboard(
      answering({
        action: () => json(200, { status: 'ok', redirect_url: '/w/acme/workspace?id=tour' }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Open the tour' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=tour'));
    const post = seen.find((r) => new URL(r.url).pathname === '/api/action')!;
    expect(await post.json()).toEqual({ action: 'open_tour' });
  });
});

describe('dashboard page: the new-workspace card', () => {
  it("says 'Create Workspace' once even when that is also its title", async () => {
    const card = {
      layout: 'DefaultNewWorkspaceWidget',
      title: 'Create Workspace',
      description: 'Pick your experts',
      new_chat_action: { action: 'new_chat' },
    };
    renderDashboard(
      answering({ dashboard: () => json(200, { ...DASHBOARD, side_column: [card] }) }),
    );
    expect(await screen.findByText('Pick your experts')).toBeTruthy();
    expect(screen.getAllByText('Create Workspace')).toHaveLength(1);
  });
});

describe('dashboard page: widgets asked for while the world connects', () => {
  it('takes the request made while connecting on its first mount; a later visit fetches again', async () => {
    // As WorldLayout does before the socket opens (routes.tsx names the dashboard's prefetch).
    window.history.replaceState(null, '', '/w/acme/dashboard');
    const seen = stubFetch(answering());
    const test = makeTestStore();
    dashboardWhileConnecting.prefetchWhileConnecting(test.store.dispatch, 'acme');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(new URL(seen[0]!.url).pathname).toBe('/api/dashboard');

    const first = renderWithProviders(<DashboardPage />, {
      store: test.store,
      path: '/w/acme/dashboard',
      routePath: '/w/:worldId/*',
    });
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
    // No second request: the page showed what was asked for while connecting.
    expect(seen).toHaveLength(1);
    first.unmount();

    // Coming back (a workspace made meanwhile must show in the history): fetched again.
    renderWithProviders(<DashboardPage />, {
      store: test.store,
      path: '/w/acme/dashboard',
      routePath: '/w/:worldId/*',
    });
    await waitFor(() => expect(seen).toHaveLength(2));
  });

  it('fetches on its own when nothing was asked for while connecting', async () => {
    const { seen } = renderDashboard();
    expect(await screen.findByText('Welcome back, Ann')).toBeTruthy();
    expect(seen).toHaveLength(1);
  });
});
