import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import { rootReducer } from '../../store/store';
import './allEndpoints';
import { ActionDetails } from './ActionDetails';
import { fetchSupportLog } from './fetchSupportLog';
import { checkLogSize, parseActionLog, type ReplayLog } from './parseActionLog';
import { ReplayScreens } from './ReplayScreens';
import { computeStates, routeAt } from './replayStates';
import { Timeline } from './Timeline';
import { useReplayPlayer } from './useReplayPlayer';

/**
 * /support/replay (issue 10): load a session log and watch the user's screens
 * rebuilt from the recorded actions, with nothing sent anywhere.
 */
export function ReplayPage() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ log: ReplayLog; warning?: string; name: string } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [search] = useSearchParams();
  const serverLog = search.get('log');
  const serverWorld = search.get('world');

  // A log from the admin area's list is fetched once, before anything is replayed.
  useEffect(() => {
    if (!serverLog || !serverWorld) return;
    let cancelled = false;
    void fetchSupportLog(serverWorld, serverLog).then((result) => {
      if (cancelled) return;
      if (!result.ok) return setError(result.error);
      setError(null);
      setLoaded({
        log: result.log,
        warning: result.warning,
        name: i18n.t('support log {{id}}', { id: serverLog }),
      });
    });
    return () => {
      cancelled = true;
    };
  }, [serverLog, serverWorld]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const tooLarge = checkLogSize(file.size);
    if (tooLarge) return setError(tooLarge);
    const parsed = parseActionLog(await file.text());
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    setLoaded({ log: parsed.log, warning: parsed.warning, name: file.name });
  };

  return (
    <Box
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
          {loaded ? t('Session replay: {{name}}', { name: loaded.name }) : t('Session replay')}
        </Typography>
        <Button variant="contained" component="label">
          {t('Load session log')}
          <input hidden type="file" accept="application/json,.json" onChange={onFile} />
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ m: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {loaded ? (
        <LoadedReplay key={loaded.name + loaded.log.recordedAt} {...loaded} />
      ) : (
        !error && (
          <Paper variant="outlined" sx={{ m: 4, p: 4, maxWidth: 640 }}>
            <Typography gutterBottom>
              {t(
                'Load a session log exported from EMgen (world menu or command palette: Export session log) to see what the user saw, step by step.',
              )}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {t(
                'Nothing is sent while replaying: the screens are rebuilt from the recorded actions alone.',
              )}
            </Typography>
          </Paper>
        )
      )}
    </Box>
  );
}

function LoadedReplay({ log, warning }: { log: ReplayLog; warning?: string }) {
  const { t } = useTranslation();
  const timeline = useMemo(() => computeStates(log, rootReducer), [log]);
  const player = useReplayPlayer(log.entries);
  const { position } = player;
  const state = timeline.states[position];
  const route = useMemo(() => routeAt(log, position), [log, position]);
  const entry = log.entries[position - 1];

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        sx={{
          width: 420,
          flexShrink: 0,
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          overflow: 'auto',
        }}
      >
        {warning && <Alert severity="warning">{warning}</Alert>}
        {timeline.failures.size > 0 && (
          <Alert severity="warning">
            {t(
              '{{number}} recorded action(s) could not be replayed; their state is the one before them (select one to see why).',
              { number: timeline.failures.size },
            )}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary">
          {log.dropped > 0
            ? t('Recorded {{date}} by EMgen {{version}} ({{dropped}} earlier actions not kept)', {
                date: formatDateTime(log.recordedAt),
                version: log.appVersion,
                dropped: log.dropped,
              })
            : t('Recorded {{date}} by EMgen {{version}}', {
                date: formatDateTime(log.recordedAt),
                version: log.appVersion,
              })}
        </Typography>
        <Typography variant="body2" data-testid="replay-route">
          {t('Route: {{route}}', { route })}
        </Typography>
        <Timeline entries={log.entries} player={player} />
        {entry && (
          <ActionDetails
            action={entry.action}
            before={timeline.states[position - 1]}
            after={state}
            failure={timeline.failures.get(position - 1)}
          />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <ReplayScreens state={state} route={route} />
      </Box>
    </Box>
  );
}
