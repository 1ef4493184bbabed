import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useHeldDeferredValue } from '../../store/useHeldDeferredValue';
import { cogConnectRequested, cogDisconnectRequested } from '../../ws/cogActions';
import { CLOSE_WORLD_FORBIDDEN } from '../../../protocol';
import { selectActiveWorld } from '../auth/authSlice';
import { selectConnection } from '../../ws/connectionSlice';
import { CommandPalette } from '../palette/CommandPalette';
import { buildsWhileConnecting } from './buildWhileConnecting';
import { PAGE_DATA_WAIT_MS, prefetchesWhileConnecting } from './prefetchWhileConnecting';
import { selectSwitchingTo } from './worldSlice';
import { dashboardUrl } from '../../../protocol/paths';

/** The page while the socket connects: made and laid out, neither seen nor focusable. */
const BUILDING = { display: 'contents', visibility: 'hidden' } as const;
/** The wrapper adds no box of its own, so pages lay out as children of the root. */
const SHOWN = { display: 'contents' } as const;

/**
 * Everything inside a world: opens the live connection for that world and
 * shows a full-screen spinner until it is up (SPEC §2, §4).
 */
export function WorldLayout({ worldId }: { worldId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const connection = useAppSelector(selectConnection);
  // During a world switch the switch saga decides when to reconnect (SPEC §4: after 100 ms).
  const switching = useAppSelector(selectSwitchingTo) !== null;
  const activeWorld = useAppSelector(selectActiveWorld);

  // The page's own data (over HTTP) is fetched alongside the connection, not after it
  // (asked first: the socket's opening would otherwise hold the request back).
  const matches = useMatches();
  const [page] = useState(() => matches.at(-1)?.handle);
  const { search } = useLocation();
  const buildWhileConnecting = buildsWhileConnecting(matches.at(-1)?.handle, search);
  useEffect(() => {
    if (prefetchesWhileConnecting(page)) page.prefetchWhileConnecting(dispatch, worldId);
  }, [page, dispatch, worldId]);
  useEffect(() => {
    if (!switching) dispatch(cogConnectRequested({ worldId }));
  }, [dispatch, worldId, switching]);
  useEffect(() => () => void dispatch(cogDisconnectRequested()), [dispatch]);

  // The page's own data, asked for while connecting, is waited for a moment longer, once: a
  // later fetch (the page's own, on mount) must not take a page that is shown away again.
  const worldReady = connection.readyWorldId === worldId;
  const dataSettled = useAppSelector(
    (state) => !prefetchesWhileConnecting(page) || page.prefetchSettled?.(state, worldId) !== false,
  );
  const [dataWaitOver, setDataWaitOver] = useState(false);
  if (worldReady && dataSettled && !dataWaitOver) setDataWaitOver(true);
  useEffect(() => {
    if (!worldReady || dataWaitOver) return;
    const timer = setTimeout(() => setDataWaitOver(true), PAGE_DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [worldReady, dataWaitOver]);

  // The page is made in a transition once the world is ready: a store change renders at once
  // and in one piece, while a deferred value renders in slices that yield to input (a
  // dashboard's first render is a few hundred milliseconds on a slow phone). A page built while
  // connecting is made already: showing it is a style change, made at once. Deferred, it was a
  // transition of its own that held the store still while it waited its turn behind the page's
  // own (its side columns): a workspace's rows that came meanwhile waited for it, and rows that
  // came before it stayed hidden until it committed.
  const worldShown = worldReady && dataWaitOver;
  const deferredShown = useHeldDeferredValue(buildWhileConnecting || worldShown);
  const ready = buildWhileConnecting ? worldShown : deferredShown;
  const waitLabel = worldReady ? t('Loading...') : t('Connecting...');

  if (connection.status === 'gaveUp') {
    const forbidden = connection.lastCloseCode === CLOSE_WORLD_FORBIDDEN;
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Typography variant="h5" gutterBottom>
            {forbidden ? t('This world is not open to you') : t('Could not connect to the server')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {connection.lastReason}
          </Typography>
          {forbidden ? (
            <Button
              component={Link}
              to={activeWorld ? dashboardUrl(activeWorld) : '/login'}
              variant="contained"
            >
              {t('Go to my world')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => dispatch(cogConnectRequested({ worldId }))}>
              {t('Try again')}
            </Button>
          )}
        </Paper>
      </Container>
    );
  }
  if (!ready && !buildWhileConnecting) return <FullScreenSpinner label={waitLabel} />;
  // The page keeps its place in the tree from building to shown, so it is not made twice.
  return (
    <>
      {!ready ? (
        <FullScreenSpinner label={waitLabel} />
      ) : (
        connection.status !== 'connected' && <FullScreenSpinner label={t('Reconnecting...')} />
      )}
      <div style={ready ? SHOWN : BUILDING}>
        <Outlet />
      </div>
      {ready && <CommandPalette />}
    </>
  );
}
