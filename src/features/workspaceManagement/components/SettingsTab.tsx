import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectManagement, workspaceNameEdited } from '../managementSlice';

export const MAX_WORKSPACE_NAME = 200;

export function SettingsTab() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { name } = useAppSelector(selectManagement);
  const tooLong = name.trim().length > MAX_WORKSPACE_NAME;
  return (
    <TextField
      label={t('Workspace Name')}
      placeholder={t('Enter workspace name')}
      value={name}
      onChange={(e) => dispatch(workspaceNameEdited(e.target.value))}
      error={tooLong}
      helperText={tooLong ? t('At most {{max}} characters', { max: MAX_WORKSPACE_NAME }) : ' '}
      sx={{ maxWidth: 480 }}
    />
  );
}
