import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Widget } from '../../../protocol';
import { NavBar } from '../world/NavBar';
import { useTakePrefetch } from '../world/prefetchWhileConnecting';
import { tKey } from '../../i18n/i18n';
import { useAppSelector } from '../../store/hooks';
import { selectConnectionStatus, type ConnectionStatus } from '../../ws/connectionSlice';
import { worldTitle } from '../world/worldPath';
import { useGetDashboardQuery } from './dashboardApi';
import { WidgetView } from './widgets/widgetRegistry';

/**
 * The world's home (SPEC §2 "Dashboard"): the widgets of GET /api/dashboard?id=core,
 * a wide main column and a side column, stacked on narrow screens.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { worldId = '' } = useParams();
  // Fetched again on every visit, so a workspace just created shows in the history; on the
  // first visit after entering the world, that fetch started while it connected (routes.tsx).
  const refetchOnMount = !useTakePrefetch('dashboard', worldId);
  // The widgets render as a transition, in slices between which the browser stays responsive.
  const dashboard = useDeferredValue(
    useGetDashboardQuery({ worldId }, { refetchOnMountOrArgChange: refetchOnMount }),
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <NavBar worldId={worldId} title={worldTitle(worldId)} heading />
      <Container maxWidth="lg" component="main" sx={{ py: { xs: 2, md: 4 }, flexGrow: 1 }}>
        {dashboard.isLoading ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }} role="status">
            <CircularProgress aria-label={t('Loading dashboard')} />
            <Typography color="text.secondary">{t('Loading dashboard...')}</Typography>
          </Stack>
        ) : dashboard.isError || !dashboard.data ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<RefreshIcon />}
                disabled={dashboard.isFetching}
                onClick={() => void dashboard.refetch()}
              >
                {t('Retry')}
              </Button>
            }
          >
            {t('Could not load dashboard. Please try again.')}
          </Alert>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
              gap: 3,
              alignItems: 'start',
            }}
          >
            <WidgetColumn label={t('Main column')} widgets={dashboard.data.main_column} />
            <WidgetColumn label={t('Side column')} widgets={dashboard.data.side_column} />
          </Box>
        )}
      </Container>
      <ConnectionFooter />
    </Box>
  );
}

function WidgetColumn({ label, widgets }: { label: string; widgets: Widget[] | undefined }) {
  return (
    <Stack spacing={3} component="section" aria-label={label} sx={{ minWidth: 0 }}>
      {(widgets ?? []).map((widget, i) => (
        <WidgetView key={`${i}-${widget.layout}`} widget={widget} />
      ))}
    </Stack>
  );
}

/** The footer's words for each state of the connection. */
const STATUS_TEXT: Record<ConnectionStatus, string> = {
  idle: tKey('Live connection: idle'),
  connecting: tKey('Live connection: connecting'),
  connected: tKey('Live connection: connected'),
  disconnected: tKey('Live connection: disconnected'),
  gaveUp: tKey('Live connection: gaveUp'),
};

/** The live connection's state, small and out of the way (the e2e tests wait on it). */
function ConnectionFooter() {
  const { t } = useTranslation();
  const status = useAppSelector(selectConnectionStatus);
  return (
    <Box component="footer" sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        color={status === 'connected' ? 'success' : 'warning'}
        label={t(STATUS_TEXT[status])}
        data-testid="connection-status"
      />
    </Box>
  );
}
