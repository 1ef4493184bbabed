import { PlannedScreen } from '../../../components/PlannedScreen';

export function EmdriveListPage() {
  return <PlannedScreen title="EMDrive Management" issue={7} />;
}
