import { PlannedScreen } from '../../components/PlannedScreen';

export function ConsolePage() {
  return <PlannedScreen title="Console" issue={7} />;
}
