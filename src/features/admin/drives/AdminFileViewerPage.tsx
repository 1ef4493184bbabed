import { PlannedScreen } from '../../../components/PlannedScreen';

export function AdminFileViewerPage() {
  return <PlannedScreen title="Admin file viewer" issue={7} />;
}
