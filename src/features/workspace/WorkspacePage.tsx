import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { WorkspaceUnavailable } from '../../components/WorkspaceUnavailable';
import { preloadRichText } from '../../components/RichTextOnDemand';
import { NavBar } from '../world/NavBar';
import { useAppSelector } from '../../store/hooks';
import { worldTitle } from '../world/worldPath';
import { CodeBlocksPanel } from './components/CodeBlocksPanel';
import { MessageBox } from './components/MessageBox';
import { PhoneDrawer, PhonePanelButtons, type PhonePanel } from './components/PhoneDrawers';
import { ProgressDots } from './components/ProgressDots';
import { ResearchPanel } from './components/ResearchPanel';
import { TracesPanel } from './components/TracesPanel';
import { Transcript } from './components/Transcript';
import { useWorkspaceSession } from './components/useWorkspaceSession';
import { WorkspaceFileFinder, type FinderState } from './components/WorkspaceFileFinder';
import { WorkspaceSidebar } from './components/WorkspaceSidebar';
import { ConversationsLayout } from './sidebar/ConversationsLayout';
import { WorkspaceFilesBar } from '../workspaceFiles/WorkspaceFilesBar';
import { WorkspaceMenu } from '../workspaceFiles/WorkspaceMenu';
import {
  selectHasRichContent,
  selectWorkspaceId,
  selectWorkspaceLoaded,
  selectWorkspaceName,
  selectWorkspaceUnavailable,
} from './workspaceSelectors';
import { dashboardUrl } from '../../../protocol/paths';

/** Below the 64 px app bar the columns fill the window on wide screens. */
const COLUMNS_HEIGHT = { md: 'calc(100vh - 64px)' };
/** Blocks, research and traces: a column of their own, scrolled on its own. */
const BLOCKS_COLUMN = {
  minHeight: 0,
  overflowY: 'auto',
  p: 2,
  display: 'flex',
  flexDirection: 'column',
  gap: 3,
} as const;

/**
 * The workspace chat page, /w/{worldid}/workspace?id=… (SPEC §2): experts on
 * the left, the meeting in the centre, code blocks, research and traces on
 * the right. The world layout shows the spinner until the socket is up, this
 * page until the workspace's experts, history and name are in.
 */
export function WorkspacePage() {
  const { t } = useTranslation();
  const { worldId = '' } = useParams();
  const [params] = useSearchParams();
  const workspaceId = params.get('id') || null;
  const workspaceName = useAppSelector(selectWorkspaceName);
  const openedId = useAppSelector(selectWorkspaceId);
  // The whole page mounts at once when the workspace is in: rendered as a transition, React
  // does that work in slices between which the browser stays responsive.
  const loaded = useDeferredValue(useAppSelector(selectWorkspaceLoaded));
  const hasRichContent = useAppSelector(selectHasRichContent);
  const unavailable = useAppSelector(selectWorkspaceUnavailable);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [panel, setPanel] = useState<PhonePanel>(null);
  const [finder, setFinder] = useState<FinderState>('never');
  useWorkspaceSession(workspaceId, params.get('message') || null);
  // The markdown and HTML renderers come with the first content (the history as it
  // arrives), not with an empty workspace.
  useEffect(() => {
    if (hasRichContent) preloadRichText().catch(() => undefined);
  }, [hasRichContent]);

  if (!workspaceId) {
    return (
      <Box sx={{ minHeight: '100vh' }}>
        <NavBar worldId={worldId} title={worldTitle(worldId)} heading />
        <Container maxWidth="sm" sx={{ py: 6 }}>
          <Alert
            severity="warning"
            action={
              <Button component={Link} to={dashboardUrl(worldId)} color="inherit">
                {t('Dashboard')}
              </Button>
            }
          >
            {t('No workspace selected')}
          </Alert>
        </Container>
      </Box>
    );
  }

  // Not open to this user, or gone: why and a way back; no transcript, no message box.
  if (unavailable) {
    return (
      <Box sx={{ minHeight: '100vh' }}>
        <NavBar worldId={worldId} title={worldTitle(worldId)} />
        {/* The sidebar stays: another conversation is one click away. */}
        <ConversationsLayout worldId={worldId} workspaceId={workspaceId}>
          <WorkspaceUnavailable reason={unavailable} backTo={dashboardUrl(worldId)} />
        </ConversationsLayout>
      </Box>
    );
  }

  // The first screen waits for the experts, the history and the name (one layout, no shifts).
  // Also while the state is still the workspace the sidebar just left: the transcript must mount
  // with the new one's first page, as on a fresh load, or it pages away from a linked message.
  if (!loaded || openedId !== workspaceId) return <FullScreenSpinner label={t('Loading...')} />;

  const openFinder = () => {
    setPanel(null);
    setFinder('open');
  };
  // The columns beside the transcript come in just after it: the first screen is its newest
  // messages (their columns' boxes are in the grid from the start, so nothing moves).
  const experts = (
    <AfterFirstPaint>
      <WorkspaceSidebar worldId={worldId} workspaceId={workspaceId} onOpenFinder={openFinder} />
    </AfterFirstPaint>
  );
  const blocks = (
    <AfterFirstPaint>
      <CodeBlocksPanel />
      <ResearchPanel />
      <TracesPanel />
    </AfterFirstPaint>
  );
  const closePanel = () => setPanel(null);
  // On a phone the transcript and the message box have the screen (the page is as tall as the
  // window, the message box at its foot); experts and blocks open as drawers. The meeting stays
  // at one place in the tree either way, so turning a phone keeps its scroll and a draft.
  return (
    <Box
      sx={
        phone
          ? { height: '100dvh', display: 'flex', flexDirection: 'column' }
          : { minHeight: '100vh', display: 'flex', flexDirection: 'column' }
      }
    >
      <NavBar worldId={worldId} title={workspaceName || worldTitle(worldId)} heading>
        <WorkspaceMenu worldId={worldId} workspaceId={workspaceId} />
      </NavBar>
      <ConversationsLayout
        worldId={worldId}
        workspaceId={workspaceId}
        actions={phone && <PhonePanelButtons open={panel} onOpen={setPanel} />}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr) 340px' },
            gridTemplateRows: { xs: 'minmax(0, 1fr)', md: 'none' },
            height: { xs: '100%', ...COLUMNS_HEIGHT },
            gap: 1,
            p: 1,
          }}
        >
          {phone ? (
            <PhoneDrawer
              id="workspace-experts"
              label={t('Experts')}
              anchor="left"
              open={panel === 'experts'}
              onClose={closePanel}
            >
              {experts}
            </PhoneDrawer>
          ) : (
            <Paper
              variant="outlined"
              component="aside"
              aria-label={t('Experts')}
              sx={{ minHeight: 0 }}
            >
              {experts}
            </Paper>
          )}
          <Paper
            variant="outlined"
            component="main"
            sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
          >
            <WorkspaceFilesBar worldId={worldId} workspaceId={workspaceId} />
            <Transcript />
            <ProgressDots />
            <MessageBox />
          </Paper>
          {phone ? (
            <PhoneDrawer
              id="workspace-blocks"
              label={t('Blocks, research and traces')}
              anchor="right"
              open={panel === 'blocks'}
              onClose={closePanel}
            >
              <Box sx={{ ...BLOCKS_COLUMN, flex: 1 }}>{blocks}</Box>
            </PhoneDrawer>
          ) : (
            <Paper
              variant="outlined"
              component="aside"
              aria-label={t('Blocks, research and traces')}
              sx={BLOCKS_COLUMN}
            >
              {blocks}
            </Paper>
          )}
        </Box>
      </ConversationsLayout>
      <WorkspaceFileFinder
        state={finder}
        onClose={() => setFinder('closed')}
        workspaceId={workspaceId}
      />
    </Box>
  );
}
