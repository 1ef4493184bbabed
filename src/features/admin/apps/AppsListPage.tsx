import { PlannedScreen } from '../../../components/PlannedScreen';

export function AppsListPage() {
  return <PlannedScreen title="Applications Management" issue={7} />;
}
