import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Covers the screen while something the page needs (the session, the socket) is not ready. */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Backdrop
      open
      sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1 }}
      data-testid="full-screen-spinner"
    >
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress color="inherit" aria-label={label ?? t('Loading')} />
        {label && <Typography>{label}</Typography>}
      </Stack>
    </Backdrop>
  );
}

/** What shows while a screen's code downloads (a component, so it follows the language). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullScreenSpinner label={t('Loading...')} />;
}
