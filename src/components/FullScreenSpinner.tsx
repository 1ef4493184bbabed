import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Covers the screen while something the page needs (the session, the socket) is not ready.
 * A plain fixed layer rather than MUI's Backdrop: the Backdrop fades in, and its Fade forces a
 * synchronous layout on every mount, while start-up swaps one spinner for the next several times.
 */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      data-testid="full-screen-spinner"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        color: '#fff',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      <CircularProgress color="inherit" aria-label={label ?? t('Loading')} />
      {label && <Typography>{label}</Typography>}
    </Box>
  );
}

/** What shows while a screen's code downloads (a component, so it follows the language). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullScreenSpinner label={t('Loading...')} />;
}
