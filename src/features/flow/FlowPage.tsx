import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FLOW_USER_INPUT_EVENT } from '../../../protocol';
import { ServerComponent } from '../../components/serverComponent/ServerComponent';
import {
  ServerScreenProvider,
  type ServerComponentHost,
} from '../../components/serverComponent/ServerScreenProvider';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cogSend } from '../../ws/cogActions';
import { selectActiveWorld } from '../auth/authSlice';
import { useFollowRedirect } from '../pages/useFollowRedirect';
import { FLOW_BACKGROUNDS, useFlowBackground } from './flowBackground';
import { FlowBackgroundPicker } from './FlowBackgroundPicker';
import { FlowMessageBox } from './FlowMessageBox';
import { flowEventSent, flowRedirectFollowed, selectFlow } from './flowSlice';
import { useFlowSession } from './useFlowSession';
import { dashboardUrl } from '../../../protocol/paths';

/**
 * A server-driven flow on a full-screen themed background (SPEC §2 "Flow
 * page"): /flow?id=…, or a fixed flow such as /consultant-dialogue.
 */
export function FlowPage({ flowid: fixedFlowId }: { flowid?: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const flowid = fixedFlowId ?? search.get('id');
  const worldId = useAppSelector(selectActiveWorld) ?? '';
  const dashboard = dashboardUrl(worldId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectFlow);
  const [background, setBackground] = useFlowBackground();

  useFlowSession(flowid);
  useFollowRedirect(
    flow.redirectTo,
    useCallback(() => dispatch(flowRedirectFollowed()), [dispatch]),
  );

  const send = useCallback(
    (event_handler: string, attrs?: Record<string, unknown>) => {
      if (!flowid) return;
      dispatch(flowEventSent());
      dispatch(cogSend('flow.event', { event_handler, flowid, ...(attrs ? { attrs } : {}) }));
    },
    [dispatch, flowid],
  );
  const host = useMemo<ServerComponentHost>(
    () => ({
      sendEvent: ({ event_handler, attrs }) => send(event_handler, attrs),
      navigate: (to) => void navigate(to),
    }),
    [send, navigate],
  );

  return (
    <Box
      data-testid="flow-page"
      data-background={background}
      sx={{
        position: 'fixed',
        inset: 0,
        overflowY: 'auto',
        background: FLOW_BACKGROUNDS[background],
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5, color: '#fff' }}>
        <Box component="img" src="/favicon.svg" alt="EMgen" sx={{ width: 28, height: 28 }} />
        <Typography variant="subtitle1" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {(flowid && humanize(flowid)) || t('Flow')}
        </Typography>
        <FlowBackgroundPicker value={background} onChange={setBackground} />
        <IconButton component={Link} to={dashboard} aria-label={t('Close')} sx={{ color: '#fff' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Container
        maxWidth="md"
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 2, pb: 3 }}
      >
        <FlowProgress step={flow.step} steps={flow.steps} pending={flow.eventPending} />
        <Paper elevation={8} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
          {!flowid ? (
            <FlowError
              error={t('No flow selected: open /flow?id=<flow id>.')}
              dashboard={dashboard}
            />
          ) : flow.status === 'error' ? (
            <FlowError error={flow.error} dashboard={dashboard} />
          ) : flow.status === 'shown' && flow.component ? (
            <>
              {flow.error && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {flow.error}
                </Alert>
              )}
              <ServerScreenProvider host={host}>
                <ServerComponent node={flow.component} />
              </ServerScreenProvider>
            </>
          ) : (
            <Box
              role="status"
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                py: 8,
              }}
            >
              <CircularProgress size={28} />
              <Typography variant="h6">{t('One moment please...')}</Typography>
            </Box>
          )}
        </Paper>
        <Box sx={{ flexGrow: 1 }} />
        <FlowMessageBox
          disabled={!flowid || flow.done || flow.status !== 'shown'}
          onSend={(message) => send(FLOW_USER_INPUT_EVENT, { component: 'UserInput', message })}
        />
      </Container>
    </Box>
  );
}

/** The flow id as words ('consultant-dialogue' → 'Consultant dialogue'); '' when it has none. */
function humanize(flowid: string) {
  const words = flowid.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

/** 'Step 2 of 4' with a bar, and a moving bar while the server answers. */
function FlowProgress({
  step,
  steps,
  pending,
}: {
  step: number | null;
  steps: number | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const known = step !== null && steps !== null && steps > 0;
  return (
    <Box sx={{ color: '#fff', minHeight: 28 }}>
      {known && (
        <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="flow-step">
          {t('Step {{step}} of {{steps}}', { step: Math.min(step, steps), steps })}
        </Typography>
      )}
      {pending ? (
        <LinearProgress color="inherit" aria-label={t('Waiting for the next screen')} />
      ) : known ? (
        <LinearProgress
          variant="determinate"
          color="inherit"
          value={(Math.min(step, steps) / steps) * 100}
          aria-label={t('Step {{step}} of {{steps}}', { step, steps })}
        />
      ) : null}
    </Box>
  );
}

function FlowError({ error, dashboard }: { error: string | null; dashboard: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 4 }}>
      <Alert severity="error" sx={{ mb: 3 }}>
        {error ?? t('Unknown error')}
      </Alert>
      <Button component={Link} to={dashboard} variant="contained">
        {t('Return to Dashboard')}
      </Button>
    </Box>
  );
}

/** /consultant-dialogue: the consultant flow that recommends experts for a need. */
export function ConsultantDialoguePage() {
  return <FlowPage flowid="consultant-dialogue" />;
}
