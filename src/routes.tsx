import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject, type RouterContextProvider } from 'react-router-dom';
import { LoadingScreen } from './components/FullScreenSpinner';
import { preloadable } from './components/preloadable';
import { TitleManager } from './features/world/TitleManager';
import { RouteRecorder } from './store/actionLog/routeRecorder';
import { appStoreContext } from './store/routerContext';
import { Flash } from './features/flash/Flash';
import { LoggedOutPage } from './features/auth/LoggedOutPage';
import { LoginPage } from './features/auth/LoginPage';
import { usePageVisibility } from './features/auth/usePageVisibility';
import { RequireAuth } from './features/auth/RequireAuth';
import { startSessionCheck } from './features/auth/sessionCheck';
import { loadSignedInCode, signedInComponent } from './features/auth/signedInCode';
import { NotFoundPage } from './features/errors/NotFoundPage';
import { HomeLayout } from './features/home/HomeLayout';
import {
  WorkspaceRoute,
  workspaceRouteLoader,
  workspaceWhileConnecting,
} from './features/world/WorkspaceRoute';
import {
  dashboardWhileConnecting,
  loadDashboardApi,
} from './features/dashboard/dashboardWhileConnecting';

/**
 * Screens load on demand, so /login stays small (DESIGN §8). A screen's code
 * is fetched as soon as its route matches (the loader) while the routes
 * around it render, so the session check and the socket go ahead alongside
 * the download (a route's `lazy` would hold the whole tree back until then).
 */
function lazyPage(
  load: () => Promise<ComponentType>,
  /** Other modules the page will want at once, fetched alongside its code. */
  alongside?: () => Promise<unknown>,
): Pick<RouteObject, 'loader' | 'element'> {
  const { Component: Page, preload } = preloadable(load, LoadingScreen);
  return {
    loader: () => {
      // A failed download is reported where the page renders (its error boundary).
      preload().catch(() => undefined);
      alongside?.().catch(() => undefined);
      return null;
    },
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <Page />
      </Suspense>
    ),
  };
}

// The world routes come with the signed-in code, which RequireAuth waits for.
const PathWorldRoute = signedInComponent((code) => code.PathWorldRoute);
const ActiveWorldRoute = signedInComponent((code) => code.ActiveWorldRoute);
const ToActiveWorld = signedInComponent((code) => code.ToActiveWorld);

const pageViewer = lazyPage(() =>
  import('./features/pages/PageViewerPage').then((m) => m.PageViewerPage),
);

function Shell() {
  usePageVisibility();
  return (
    <>
      <RouteRecorder />
      <TitleManager />
      <Flash />
      <Outlet />
    </>
  );
}

/** The complete route table of SPEC §2. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    // The loaders only start downloads and answer at once: nothing to show meanwhile.
    hydrateFallbackElement: <></>,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <HomeLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/auth/login', element: <LoginPage /> },
          { path: '/auth/loggedout', element: <LoggedOutPage /> },
        ],
      },
      { path: '/portal', element: <Navigate to="/portal/login" replace /> },
      {
        path: '/portal/login',
        ...lazyPage(() =>
          import('./features/auth/PortalSignInPage').then((m) => m.PortalSignInPage),
        ),
      },
      { path: '/404', element: <NotFoundPage /> },
      {
        // Anyone holding a log file may replay it: nothing is sent and no session is needed.
        path: '/support/replay',
        ...lazyPage(() => import('./features/support/ReplayPage').then((m) => m.ReplayPage)),
      },
      {
        element: <RequireAuth />,
        loader: ({ context }) => {
          // The session check and the signed-in code set off together, before anything renders;
          // a failed download is reported by RequireAuth.
          const store = (context as RouterContextProvider).get(appStoreContext);
          if (store) startSessionCheck(store);
          loadSignedInCode().catch(() => undefined);
          return null;
        },
        children: [
          {
            path: '/w/:worldId',
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              {
                element: <PathWorldRoute />,
                children: [
                  {
                    path: 'dashboard',
                    ...lazyPage(
                      () =>
                        import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage),
                      // Its data module, for the request made while the world connects.
                      loadDashboardApi,
                    ),
                    handle: dashboardWhileConnecting,
                  },
                  {
                    path: 'workspace',
                    element: <WorkspaceRoute />,
                    loader: workspaceRouteLoader,
                    handle: workspaceWhileConnecting,
                  },
                  {
                    path: 'workspace-print',
                    ...lazyPage(() =>
                      import('./features/workspaceFiles/WorkspacePrintPage').then(
                        (m) => m.WorkspacePrintPage,
                      ),
                    ),
                  },
                  {
                    path: 'workspace-management',
                    ...lazyPage(() =>
                      import('./features/workspaceManagement/WorkspaceManagementPage').then(
                        (m) => m.WorkspaceManagementPage,
                      ),
                    ),
                  },
                  {
                    path: 'console',
                    ...lazyPage(() =>
                      import('./features/console/ConsolePage').then((m) => m.ConsolePage),
                    ),
                  },
                  {
                    path: 'emdrive/:driveName/file/*',
                    ...lazyPage(() =>
                      import('./features/drives/viewer/DriveFileViewerPage').then(
                        (m) => m.DriveFileViewerPage,
                      ),
                    ),
                  },
                  {
                    path: 'admin',
                    ...lazyPage(() =>
                      import('./features/admin/AdminHomePage').then((m) => m.AdminHomePage),
                    ),
                  },
                ],
              },
            ],
          },
          { path: '/dashboard', element: <ToActiveWorld screen="dashboard" /> },
          { path: '/workspace', element: <ToActiveWorld screen="workspace" /> },
          {
            path: '/workspace-management',
            element: <ToActiveWorld screen="workspace-management" />,
          },
          {
            element: <ActiveWorldRoute />,
            children: [
              {
                path: '/flow',
                ...lazyPage(() => import('./features/flow/FlowPage').then((m) => m.FlowPage)),
              },
              {
                path: '/consultant-dialogue',
                ...lazyPage(() =>
                  import('./features/flow/FlowPage').then((m) => m.ConsultantDialoguePage),
                ),
              },
              {
                path: '/emdrive/:driveName/file/*',
                ...lazyPage(() =>
                  import('./features/drives/viewer/DriveFileViewerPage').then(
                    (m) => m.DriveFileViewerPage,
                  ),
                ),
              },
              {
                path: '/u1/demo',
                ...lazyPage(() =>
                  import('./features/pages/PageViewerPage').then((m) => m.DemoPage),
                ),
              },
              {
                path: '/u1/gallery',
                ...lazyPage(() =>
                  import('./features/pages/GalleryPage').then((m) => m.GalleryPage),
                ),
              },
              {
                path: '/webcomponents-test',
                ...lazyPage(() =>
                  import('./features/pages/WebComponentsTestPage').then(
                    (m) => m.WebComponentsTestPage,
                  ),
                ),
              },
              { path: '/u1/page', ...pageViewer },
              {
                path: '/settings',
                ...lazyPage(() =>
                  import('./features/settings/SettingsPage').then((m) => m.SettingsPage),
                ),
              },
              { path: '/a/:appname/p/:pagename', ...pageViewer },
              {
                path: '/admin',
                ...lazyPage(() =>
                  import('./features/admin/AdminHomePage').then((m) => m.AdminHomePage),
                ),
              },
              {
                path: '/admin/apps',
                ...lazyPage(() =>
                  import('./features/admin/apps/AppsListPage').then((m) => m.AppsListPage),
                ),
              },
              {
                path: '/admin/apps/:appName',
                ...lazyPage(() =>
                  import('./features/admin/apps/AppDetailPage').then((m) => m.AppDetailPage),
                ),
              },
              {
                path: '/admin/mcp',
                ...lazyPage(() =>
                  import('./features/admin/mcp/McpServersPage').then((m) => m.McpServersPage),
                ),
              },
              {
                path: '/admin/support-logs',
                ...lazyPage(() =>
                  import('./features/support/SupportLogsPage').then((m) => m.SupportLogsPage),
                ),
              },
              {
                path: '/admin/users',
                ...lazyPage(() => import('./features/people/UsersPage').then((m) => m.UsersPage)),
              },
              {
                path: '/admin/audit',
                ...lazyPage(() => import('./features/audit/AuditPage').then((m) => m.AuditPage)),
              },
              {
                path: '/admin/commands',
                ...lazyPage(() =>
                  import('./features/admin/commands/CommandsPage').then((m) => m.CommandsPage),
                ),
              },
              {
                path: '/admin/search',
                ...lazyPage(() =>
                  import('./features/admin/search/CrossDriveSearchPage').then(
                    (m) => m.CrossDriveSearchPage,
                  ),
                ),
              },
              {
                path: '/admin/emdrive',
                ...lazyPage(() =>
                  import('./features/admin/drives/EmdriveListPage').then((m) => m.EmdriveListPage),
                ),
              },
              {
                path: '/admin/emdrive/:driveName',
                ...lazyPage(() =>
                  import('./features/admin/drives/DriveFilesPage').then((m) => m.DriveFilesPage),
                ),
              },
              {
                path: '/admin/emdrive/:driveName/file/*',
                ...lazyPage(() =>
                  import('./features/admin/drives/AdminFileViewerPage').then(
                    (m) => m.AdminFileViewerPage,
                  ),
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
