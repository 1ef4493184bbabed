import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { configureWorkspaceUrl, dashboardUrl } from '../../../../protocol/paths';
import { ExpertList } from './ExpertList';

// The finder (and its previews) loads the first time it is opened.
const FileFinderDialog = lazy(() =>
  import('../../drives/finder/FileFinderDialog').then((m) => ({ default: m.FileFinderDialog })),
);

/** The left column: experts, 'Configure Workspace' and the way home (SPEC §2). */
export function WorkspaceSidebar({
  worldId,
  workspaceId,
}: {
  worldId: string;
  workspaceId: string;
}) {
  const [finder, setFinder] = useState<'never' | 'open' | 'closed'>('never');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Experts
        </Typography>
        <Tooltip title="File Finder">
          <IconButton aria-label="Open File Finder" onClick={() => setFinder('open')}>
            <FolderOpenIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Dashboard">
          <IconButton component={Link} to={dashboardUrl(worldId)} aria-label="Dashboard">
            <HomeIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <ExpertList />
      </Box>
      <Box sx={{ p: 2 }}>
        <Button
          component={Link}
          to={configureWorkspaceUrl(worldId, workspaceId)}
          variant="outlined"
          startIcon={<SettingsIcon />}
          fullWidth
        >
          Configure Workspace
        </Button>
      </Box>
      {finder !== 'never' && (
        <Suspense fallback={null}>
          <FileFinderDialog
            open={finder === 'open'}
            onClose={() => setFinder('closed')}
            workspaceId={workspaceId}
          />
        </Suspense>
      )}
    </Box>
  );
}
