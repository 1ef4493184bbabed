import DownloadIcon from '@mui/icons-material/Download';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PrintIcon from '@mui/icons-material/Print';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceExportPath, workspacePrintUrl, type ExportFormat } from '../../../protocol';
import { MountedOnceOpen } from '../../components/MountedOnceOpen';

/**
 * The workspace menu in the page header: the conversation as a Markdown or
 * JSON download (streamed by the server, saved by the browser) and a print view.
 */
export function WorkspaceMenu({ worldId, workspaceId }: { worldId: string; workspaceId: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  // A plain link: the browser streams the download to disk. The world goes in the query, as
  // a navigation carries no X-World-Id header.
  const exportHref = (format: ExportFormat) =>
    `${workspaceExportPath(workspaceId, format)}&worldId=${encodeURIComponent(worldId)}`;
  const item = (format: ExportFormat, label: string) => (
    <MenuItem component="a" href={exportHref(format)} download onClick={close}>
      <ListItemIcon>
        <DownloadIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <>
      <Tooltip title={t('Workspace menu')}>
        <IconButton
          aria-label={t('Workspace menu')}
          sx={{ flexShrink: 0 }}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreHorizIcon />
        </IconButton>
      </Tooltip>
      <MountedOnceOpen open={Boolean(anchor)}>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
          {item('md', t('Export as Markdown'))}
          {item('json', t('Export as JSON'))}
          <MenuItem
            onClick={() => {
              close();
              window.open(workspacePrintUrl(worldId, workspaceId, true), '_blank', 'noopener');
            }}
          >
            <ListItemIcon>
              <PrintIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('Print')}</ListItemText>
          </MenuItem>
        </Menu>
      </MountedOnceOpen>
    </>
  );
}
