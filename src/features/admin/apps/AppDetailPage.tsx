import { PlannedScreen } from '../../../components/PlannedScreen';

export function AppDetailPage() {
  return <PlannedScreen title="Application detail" issue={7} />;
}
