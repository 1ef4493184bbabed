import TextField from '@mui/material/TextField';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectManagement, workspaceNameEdited } from '../managementSlice';

export const MAX_WORKSPACE_NAME = 200;

export function SettingsTab() {
  const dispatch = useAppDispatch();
  const { name } = useAppSelector(selectManagement);
  const tooLong = name.trim().length > MAX_WORKSPACE_NAME;
  return (
    <TextField
      label="Workspace Name"
      placeholder="Enter workspace name"
      value={name}
      onChange={(e) => dispatch(workspaceNameEdited(e.target.value))}
      error={tooLong}
      helperText={tooLong ? `At most ${MAX_WORKSPACE_NAME} characters` : ' '}
      sx={{ maxWidth: 480 }}
    />
  );
}
