import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PortalButton } from './PortalButton';

export function LoggedOutPage() {
  return (
    <Stack spacing={3} sx={{ alignItems: 'center' }}>
      <Typography variant="h6">You have been logged out</Typography>
      <PortalButton />
    </Stack>
  );
}
