import { PlannedScreen } from '../../components/PlannedScreen';

export function AdminHomePage() {
  return <PlannedScreen title="Administration" issue={7} />;
}
