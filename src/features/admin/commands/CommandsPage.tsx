import { PlannedScreen } from '../../../components/PlannedScreen';

export function CommandsPage() {
  return <PlannedScreen title="Registered Commands" issue={7} />;
}
