import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { configureWorkspaceUrl, dashboardUrl } from '../../../../protocol/paths';
import { ExpertList } from './ExpertList';

/** The left column: experts, 'Configure Workspace' and the way home (SPEC §2). */
export function WorkspaceSidebar({
  worldId,
  workspaceId,
  onOpenFinder,
}: {
  worldId: string;
  workspaceId: string;
  /** Opens the page's File Finder. */
  onOpenFinder: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('Experts')}
        </Typography>
        <Tooltip title={t('File Finder')}>
          <IconButton aria-label={t('Open File Finder')} onClick={onOpenFinder}>
            <FolderOpenIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('Dashboard')}>
          <IconButton component={Link} to={dashboardUrl(worldId)} aria-label={t('Dashboard')}>
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
          {t('Configure Workspace')}
        </Button>
      </Box>
    </Box>
  );
}
