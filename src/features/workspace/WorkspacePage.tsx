import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AfterFirstCommit, AfterFirstPaint } from '../../components/AfterFirstPaint';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { WorkspaceUnavailable } from '../../components/WorkspaceUnavailable';
import { useRichTextSettled } from '../../components/RichTextOnDemand';
import { NavBar } from '../world/NavBar';
import { useAppSelector } from '../../store/hooks';
import { worldTitle } from '../world/worldPath';
import { CodeBlocksPanel } from './components/CodeBlocksPanel';
import { MessageBox } from './components/MessageBox';
import { PhoneDrawer, PhonePanelButtons, type PhonePanel } from './components/PhoneDrawers';
import { ProgressDots } from './components/ProgressDots';
import { ResearchPanel } from './components/ResearchPanel';
import { TracesPanel } from './components/TracesPanel';
import { Transcript, type Rect } from './components/Transcript';
import { useWorkspaceSession } from './components/useWorkspaceSession';
import { WorkspaceFileFinder, type FinderState } from './components/WorkspaceFileFinder';
import { WorkspaceSidebar } from './components/WorkspaceSidebar';
import { ConversationsLayout } from './sidebar/ConversationsLayout';
import { WorkspaceFilesBar } from '../workspaceFiles/WorkspaceFilesBar';
import { WorkspaceMenu } from '../workspaceFiles/WorkspaceMenu';
import {
  selectLoadedWithMessages,
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

/** The page under the spinner until the workspace is in: made and laid out, neither seen nor focusable. */
const HIDDEN = { visibility: 'hidden' } as const;
/** The transcript's room in its column until it mounts. */
const TRANSCRIPT_ROOM = { flex: 1, minHeight: 0 } as const;
const PAGE = { minHeight: '100vh', display: 'flex', flexDirection: 'column' } as const;
const PHONE_PAGE = { height: '100dvh', display: 'flex', flexDirection: 'column' } as const;

/**
 * The first screen waits for the experts, the history and the name (one layout, no shifts).
 * Also while the state is still the workspace the sidebar just left: the transcript must mount
 * with the new one's first page, as on a fresh load, or it pages away from a linked message.
 * And, where the history has messages, for the markdown renderer (fetched by the route's
 * loader): the rows are markdown at first sight, not plain text first. An empty workspace has
 * no markdown to show, so it does not wait for that download (nor hide again when its first
 * message comes). Read by the few parts that change when the page is shown (the spinner, the
 * page's visibility, the transcript), so the rest of the page does not render again.
 */
function useWorkspaceReady(workspaceId: string): boolean {
  const openedId = useAppSelector(selectWorkspaceId);
  const loaded = useAppSelector(selectWorkspaceLoaded);
  const withMessages = useAppSelector(selectLoadedWithMessages);
  const renderers = useRichTextSettled(withMessages);
  return loaded && openedId === workspaceId && (renderers || !withMessages);
}

function LoadingCover({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  return useWorkspaceReady(workspaceId) ? null : <FullScreenSpinner label={t('Loading...')} />;
}

function ShownWhenReady({
  workspaceId,
  sx,
  children,
}: {
  workspaceId: string;
  sx: SxProps<Theme>;
  children: ReactNode;
}) {
  const ready = useWorkspaceReady(workspaceId);
  return (
    <Box style={ready ? undefined : HIDDEN} sx={sx}>
      {children}
    </Box>
  );
}

function TranscriptWhenReady({ workspaceId }: { workspaceId: string }) {
  const ready = useWorkspaceReady(workspaceId);
  // The room's size, read once the hidden page is laid out: the transcript's first render then
  // holds its rows, where with no size it rendered none and the rows came in a second pass.
  const room = useRef<HTMLDivElement>(null);
  const [roomRect, setRoomRect] = useState<Rect>();
  useLayoutEffect(() => {
    if (ready || !room.current) return;
    const { width, height } = room.current.getBoundingClientRect();
    setRoomRect({ width, height });
  }, [ready]);
  return ready ? <Transcript initialRect={roomRect} /> : <Box ref={room} sx={TRANSCRIPT_ROOM} />;
}

/**
 * The page's tie to the live connection, as a component of its own: what the session selects
 * (the experts, the selection) changes as the workspace comes in, and would otherwise render
 * the whole page again each time, its nav bar and message box included.
 */
function WorkspaceSession(props: { workspaceId: string | null; focusMessageId: string | null }) {
  useWorkspaceSession(props.workspaceId, props.focusMessageId);
  return null;
}

/** The nav bar titled with the workspace's name once it is in. */
function WorkspaceNavBar({ worldId, children }: { worldId: string; children: ReactNode }) {
  const workspaceName = useAppSelector(selectWorkspaceName);
  return (
    <NavBar worldId={worldId} title={workspaceName || worldTitle(worldId)} heading>
      {children}
    </NavBar>
  );
}

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
  const unavailable = useAppSelector(selectWorkspaceUnavailable);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [panel, setPanel] = useState<PhonePanel>(null);
  const [finder, setFinder] = useState<FinderState>('never');
  // First in each of the page's forms and at the same place in all: kept from one to another.
  const session = (
    <WorkspaceSession workspaceId={workspaceId} focusMessageId={params.get('message') || null} />
  );

  if (!workspaceId) {
    return (
      <>
        {session}
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
      </>
    );
  }

  // Not open to this user, or gone: why and a way back; no transcript, no message box.
  if (unavailable) {
    return (
      <>
        {session}
        <Box sx={{ minHeight: '100vh' }}>
          <NavBar worldId={worldId} title={worldTitle(worldId)} />
          {/* The sidebar stays: another conversation is one click away. */}
          <ConversationsLayout worldId={worldId} workspaceId={workspaceId}>
            <WorkspaceUnavailable reason={unavailable} backTo={dashboardUrl(worldId)} />
          </ConversationsLayout>
        </Box>
      </>
    );
  }

  const openFinder = () => {
    setPanel(null);
    setFinder('open');
  };
  // The columns beside the transcript come in just after the rest of the page, still under the
  // spinner (their boxes are in the grid from the start, so nothing moves).
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
    <>
      {/* First, so its effects (the frames asking for the workspace) run before the page's. */}
      {session}
      <LoadingCover workspaceId={workspaceId} />
      {/* Everything but the transcript's rows is made while the workspace's frames are on their
          way, under the spinner (hidden, not laid out of sight: its layout is done by then too),
          just after the spinner's own first commit, so the frames that ask for the workspace are
          sent first. The first screen is then the rows alone. Another workspace opened from the
          sidebar starts afresh, as a fresh load does. */}
      <AfterFirstCommit key={workspaceId}>
        <ShownWhenReady workspaceId={workspaceId} sx={phone ? PHONE_PAGE : PAGE}>
          <WorkspaceNavBar worldId={worldId}>
            <WorkspaceMenu worldId={worldId} workspaceId={workspaceId} />
          </WorkspaceNavBar>
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
                <TranscriptWhenReady workspaceId={workspaceId} />
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
        </ShownWhenReady>
      </AfterFirstCommit>
    </>
  );
}
