import { PlannedScreen } from '../../../components/PlannedScreen';

export function DriveFilesPage() {
  return <PlannedScreen title="Drive files" issue={7} />;
}
