import { PlannedScreen } from '../../../components/PlannedScreen';

export function CrossDriveSearchPage() {
  return <PlannedScreen title="Cross-Drive Search" issue={7} />;
}
