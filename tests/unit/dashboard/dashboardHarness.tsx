import type { DashboardResponse } from '../../../protocol';
import { DashboardPage } from '../../../src/features/dashboard/DashboardPage';
import { renderWithProviders } from '../renderWithProviders';
import { json, makeTestStore, stubFetch } from '../testStore';

export const DASHBOARD_PATH = '/w/acme/dashboard';

export const DASHBOARD: DashboardResponse = {
  status: 'ok',
  main_column: [
    {
      layout: 'DefaultHistoryWidget',
      user_prompt: 'Welcome back, Ann',
      workspaces: [
        {
          workspace_id: 'ws-2',
          name: 'Quantum review',
          url: '/w/acme/workspace?id=ws-2',
          created_ago: '5 minutes ago',
          users: [
            { user_id: 'u1', name: 'Ann' },
            { user_id: 'u2', name: 'Bob' },
          ],
          experts: [
            { expert_id: 'e1', name: 'Ada' },
            { expert_id: 'e2', name: 'Grace' },
          ],
        },
        {
          workspace_id: 'ws-1',
          url: '/w/acme/workspace?id=ws-1',
          created_ago: '2 days ago',
          users: [{ user_id: 'u1', name: 'Ann' }],
          experts: [],
        },
      ],
    },
    { layout: 'FancyChart', series: [1, 2, 3] },
  ],
  side_column: [
    {
      layout: 'DefaultNewWorkspaceWidget',
      title: 'Start something new',
      new_chat_action: { action: 'new_chat', source: 'dashboard' },
    },
    {
      layout: 'DefaultExpertsWidget',
      title: 'Our experts',
      experts: [
        { expert_id: 'e1', name: 'Ada', keywords: ['math', 'logic'], home_link: '/a/ada/p/home' },
        { expert_id: 'e2', name: 'Grace', keywords: 'compilers', home_link: 'https://grace.test' },
      ],
    },
    {
      layout: 'DefaultImageWidget',
      image_url: '/img/banner.png',
      alt: 'Open the tour',
      width: 640,
      height: 160,
      click_action: { action: 'open_tour' },
    },
  ],
};

type Answer = (req: Request) => Response | Promise<Response>;

/** The dashboard answers with `dashboard`; POST /api/action with `action`. */
export function answering({
  dashboard = (): Response => json(200, DASHBOARD),
  action = (): Response => json(200, { status: 'ok' }),
}: { dashboard?: Answer; action?: Answer } = {}): Answer {
  return (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/api/dashboard') return dashboard(req);
    if (pathname === '/api/action') return action(req);
    return json(404, { status: 'error', error: `no stub for ${pathname}` });
  };
}

/** The page at /w/acme/dashboard with a real store; fetch is stubbed at the network edge. */
export function renderDashboard(answer: Answer = answering()) {
  // The world id header is read from the address bar.
  window.history.replaceState(null, '', DASHBOARD_PATH);
  const seen = stubFetch(answer);
  const test = makeTestStore();
  const view = renderWithProviders(<DashboardPage />, {
    store: test.store,
    path: DASHBOARD_PATH,
    // Any screen of the world, so following a link or redirect lands on a route (no 404 noise).
    routePath: '/w/:worldId/*',
  });
  return { ...view, ...test, seen };
}
