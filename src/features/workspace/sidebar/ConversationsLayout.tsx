import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { ConversationsPanel } from './ConversationsPanel';
import { useBoxNarrowerThan } from './useBoxNarrowerThan';
import { usePersistentFlag } from './usePersistentFlag';

/** Narrow screens get the sidebar as a drawer behind a menu button. */
export const SIDEBAR_DRAWER_QUERY = '(max-width: 900px)';
const COLLAPSED_KEY = 'emgen.workspaceSidebar.collapsed';
const WIDTH = 260;
/** A box narrower than this (the replay's pane) has no room for the column beside the page's three. */
const COLUMN_MIN_BOX_WIDTH = 1000;

/** Narrow: the buttons' row, then the page filling what is left of the height its parent gives. */
const NARROW_BOX = { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 } as const;

/**
 * The workspace page with the sidebar of conversations on its left: a
 * column that folds to a slim rail (remembered by this browser), or on
 * narrow screens a drawer opened from a 'Workspaces' button above the page.
 */
export function ConversationsLayout({
  worldId,
  workspaceId,
  actions,
  children,
}: {
  worldId: string;
  workspaceId: string;
  /** On narrow screens, buttons beside 'Workspaces' (the page's other drawers). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const narrowWindow = useMediaQuery(SIDEBAR_DRAWER_QUERY, { noSsr: true });
  const [boxRef, narrowBox] = useBoxNarrowerThan<HTMLDivElement>(COLUMN_MIN_BOX_WIDTH);
  const narrow = narrowWindow || narrowBox;
  const [collapsed, setCollapsed] = usePersistentFlag(COLLAPSED_KEY);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The page itself stays in one place in the tree whichever way the sidebar is shown:
  // a window resized or a phone turned must not remount the transcript (its scroll, a
  // message being edited).
  return (
    <Box ref={boxRef} sx={narrow ? NARROW_BOX : { display: 'flex', minHeight: 0 }}>
      {narrow ? (
        <Box sx={{ px: 1, pt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<MenuIcon />}
            onClick={() => setDrawerOpen(true)}
            aria-label={t('Open workspaces')}
            aria-expanded={drawerOpen}
          >
            {t('Workspaces')}
          </Button>
          {actions}
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}
          >
            <Box component="nav" aria-label={t('Workspaces')} sx={{ height: '100%' }}>
              <ConversationsPanel
                worldId={worldId}
                workspaceId={workspaceId}
                onNavigate={() => setDrawerOpen(false)}
              />
            </Box>
          </Drawer>
        </Box>
      ) : collapsed ? (
        <Box sx={{ pt: 1.5, pl: 1 }}>
          <Tooltip title={t('Show workspaces')} placement="right">
            <IconButton aria-label={t('Show workspaces')} onClick={() => setCollapsed(false)}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
        </Box>
      ) : (
        <Paper
          variant="outlined"
          component="nav"
          aria-label={t('Workspaces')}
          sx={{ width: WIDTH, flexShrink: 0, m: 1, mr: 0, height: 'calc(100vh - 64px - 16px)' }}
        >
          {/* The page beside it is what the reader opened: the list comes in just after. */}
          <AfterFirstPaint>
            <ConversationsPanel
              worldId={worldId}
              workspaceId={workspaceId}
              onCollapse={() => setCollapsed(true)}
            />
          </AfterFirstPaint>
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{children}</Box>
    </Box>
  );
}
