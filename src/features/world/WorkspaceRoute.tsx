import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';

// Markdown, highlighting and the virtualizer load with the page, not with /login.
const WorkspacePage = lazy(() =>
  import('../workspace/WorkspacePage').then((m) => ({ default: m.WorkspacePage })),
);

export const WorkspaceManagementPage = lazy(() =>
  import('../workspaceManagement/WorkspaceManagementPage').then((m) => ({
    default: m.WorkspaceManagementPage,
  })),
);

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
