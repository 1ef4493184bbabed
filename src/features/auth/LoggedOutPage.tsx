import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PortalButton } from './PortalButton';

export function LoggedOutPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ alignItems: 'center' }}>
      <Typography variant="h6">{t('You have been logged out')}</Typography>
      <PortalButton />
    </Stack>
  );
}
