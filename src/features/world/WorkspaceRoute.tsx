import { Suspense } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { preloadableLazy } from '../../components/preloadableLazy';

// Markdown, highlighting and the virtualizer load with the page, not with /login.
const chatPage = preloadableLazy(
  () => import('../workspace/WorkspacePage'),
  (m) => m.WorkspacePage,
);
const managementPage = preloadableLazy(
  () => import('../workspaceManagement/WorkspaceManagementPage'),
  (m) => m.WorkspaceManagementPage,
);
const WorkspacePage = chatPage.Component;
export const WorkspaceManagementPage = managementPage.Component;

/**
 * The route's loader starts fetching the page's code with the navigation, so
 * it arrives while the world's socket connects instead of after (the layout
 * renders the page only once the socket is up), and the page then renders
 * without suspending. It waits for nothing.
 */
export function preloadWorkspacePage({ request }: LoaderFunctionArgs): null {
  void (new URL(request.url).searchParams.has('mode') ? managementPage : chatPage).preload();
  return null;
}

/**
 * /w/{worldid}/workspace is the chat page, but with a mode in the query it is
 * the management page (SPEC §2: "the two readings both appear").
 */
export function WorkspaceRoute() {
  const [params] = useSearchParams();
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading..." />}>
      {params.has('mode') ? <WorkspaceManagementPage /> : <WorkspacePage />}
    </Suspense>
  );
}
