import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NavBar } from '../world/NavBar';
import { ServerComponent } from '../../components/serverComponent/ServerComponent';
import {
  ServerScreenProvider,
  type ServerComponentHost,
} from '../../components/serverComponent/ServerScreenProvider';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cogSend } from '../../ws/cogActions';
import { selectActiveWorld } from '../auth/authSlice';
import { pageEventSent, pageRedirectFollowed, selectPageView } from './pageViewSlice';
import { usePageSession } from './usePageSession';
import { pageTitle } from './pageTitle';
import { useFollowRedirect } from './useFollowRedirect';
import { dashboardUrl } from '../../../protocol/paths';

/** A page served by an app (SPEC §2 "Page viewer"): /a/{app}/p/{page}, /u1/page?path=…, /u1/demo. */
export function PageViewerPage({ path: fixedPath }: { path?: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const appname = params.appname;
  const pagename = params.pagename;
  const path = fixedPath ?? search.get('path') ?? undefined;
  const worldId = useAppSelector(selectActiveWorld) ?? '';
  const dashboard = dashboardUrl(worldId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const view = useAppSelector(selectPageView);

  usePageSession({ appname, pagename, path });
  useFollowRedirect(
    view.redirectTo,
    useCallback(() => dispatch(pageRedirectFollowed()), [dispatch]),
  );

  const target = view.resolved ?? view.request;
  const host = useMemo<ServerComponentHost>(
    () => ({
      sendEvent: ({ event_handler, attrs }) => {
        dispatch(pageEventSent());
        dispatch(
          cogSend('page.event', {
            event_handler,
            ...(target?.appname ? { appname: target.appname } : {}),
            ...(target?.pagename ? { pagename: target.pagename } : {}),
            ...(attrs ? { attrs } : {}),
          }),
        );
      },
      navigate: (to) => void navigate(to),
    }),
    [dispatch, navigate, target],
  );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* The page's name is its level-1 heading, except when the page is not there: then the
          notice's own heading says so. */}
      <NavBar
        worldId={worldId}
        title={pageTitle({ appname, pagename, path })}
        heading={view.status !== 'error'}
      />
      {view.eventPending && <LinearProgress aria-label={t('Waiting for the page')} />}
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Button component={Link} to={dashboard} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          {t('Back to Dashboard')}
        </Button>
        {view.status === 'error' ? (
          <PageNotAvailable error={view.error} dashboard={dashboard} />
        ) : view.status === 'displayed' && view.component ? (
          <>
            {view.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {view.error}
              </Alert>
            )}
            <ServerScreenProvider host={host}>
              <ServerComponent node={view.component} />
            </ServerScreenProvider>
          </>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6 }} role="status">
            <CircularProgress size={24} />
            <Typography>{t('Loading...')}</Typography>
          </Box>
        )}
      </Container>
    </Box>
  );
}

function PageNotAvailable({ error, dashboard }: { error: string | null; dashboard: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('Page Not Available')}
      </Typography>
      {error && (
        <Typography color="error" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t("The expert's homepage will be available soon.")}
      </Typography>
      <Button component={Link} to={dashboard} variant="contained">
        {t('Return to Dashboard')}
      </Button>
    </Paper>
  );
}

/** /u1/demo: the sample page the emgen app serves at that legacy path. */
export function DemoPage() {
  return <PageViewerPage path="/u1/demo" />;
}
