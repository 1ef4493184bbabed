import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { PlannedScreen } from '../../components/PlannedScreen';

// Markdown, highlighting and the virtualizer load with the page, not with /login.
const WorkspacePage = lazy(() =>
  import('../workspace/WorkspacePage').then((m) => ({ default: m.WorkspacePage })),
);

/**
 * /w/{worldid}/workspace is the chat page, but with a mode in the query it is
 * the management page (SPEC §2: "the two readings both appear").
 */
export function WorkspaceRoute() {
  const [params] = useSearchParams();
  if (params.has('mode')) return <PlannedScreen title="Workspace management" issue={5} />;
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading..." />}>
      <WorkspacePage />
    </Suspense>
  );
}
