import { useSearchParams } from 'react-router-dom';
import { PlannedScreen } from '../../components/PlannedScreen';

/**
 * /w/{worldid}/workspace is the chat page, but with a mode in the query it is
 * the management page (SPEC §2: "the two readings both appear").
 */
export function WorkspaceRoute() {
  const [params] = useSearchParams();
  if (params.has('mode')) return <PlannedScreen title="Workspace management" issue={5} />;
  return <PlannedScreen title="Workspace" issue={4} />;
}
