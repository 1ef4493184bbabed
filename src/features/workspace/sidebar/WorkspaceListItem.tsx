import MoreVertIcon from '@mui/icons-material/MoreVert';
import PushPinIcon from '@mui/icons-material/PushPin';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ListedWorkspace } from '../../../../protocol';
import { workspaceUrl } from '../../../../protocol/paths';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import { sidebarOperation } from './sidebarOperation';
import { workspaceTitle } from './workspaceGroups';
import { MountedOnceOpen } from '../../../components/MountedOnceOpen';

/** The inline rename field: Enter saves, Escape (or leaving it) cancels; blank is refused. */
function RenameField({
  initial,
  onDone,
}: {
  initial: string;
  onDone: (name: string | null) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <InputBase
      autoFocus
      fullWidth
      value={value}
      inputProps={{ 'aria-label': t('Workspace name'), maxLength: 200 }}
      onFocus={(e) => e.target.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => onDone(null)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onDone(value);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onDone(null);
        }
      }}
      sx={{ px: 2, py: 0.75, border: 1, borderColor: 'primary.main', borderRadius: 1 }}
    />
  );
}

/**
 * One workspace of the sidebar: a link to it (the open one marked current),
 * renamed in place by double-click or its menu, which also pins, archives and deletes.
 */
export function WorkspaceListItem({
  worldId,
  workspace,
  current,
  onNavigate,
  onDeleteAsked,
}: {
  worldId: string;
  workspace: ListedWorkspace;
  current: boolean;
  onNavigate?: () => void;
  onDeleteAsked: (workspace: ListedWorkspace) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState(false);
  const id = workspace.workspace_id;
  const title = workspaceTitle(workspace.name);

  async function rename(name: string | null) {
    setRenaming(false);
    if (name === null || name.trim() === (workspace.name ?? '').trim()) return;
    if (!name.trim()) {
      dispatch(flashShown(t('Workspace name is required'), 'error'));
      return;
    }
    await sidebarOperation(dispatch, 'workspace.rename', { workspace_id: id, name });
  }

  function choose(run: () => void) {
    setMenu(null);
    run();
  }

  if (renaming)
    return (
      <ListItem disablePadding sx={{ px: 1, py: 0.25 }}>
        <RenameField initial={workspace.name ?? ''} onDone={(name) => void rename(name)} />
      </ListItem>
    );

  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={t('Actions for {{title}}', { title })}
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton
        component={Link}
        to={workspaceUrl(worldId, id)}
        selected={current}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        onDoubleClick={(e: React.MouseEvent) => {
          e.preventDefault();
          setRenaming(true);
        }}
        sx={{ pr: 5, borderRadius: 1 }}
      >
        {workspace.pinned && (
          <PushPinIcon fontSize="inherit" sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />
        )}
        <ListItemText
          primary={title}
          slotProps={{ primary: { noWrap: true, title } }}
          sx={{ my: 0 }}
        />
      </ListItemButton>
      <MountedOnceOpen open={Boolean(menu)}>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          <MenuItem onClick={() => choose(() => setRenaming(true))}>{t('Rename')}</MenuItem>
          <MenuItem
            onClick={() =>
              choose(
                () =>
                  void sidebarOperation(dispatch, 'workspace.pin', {
                    workspace_id: id,
                    pinned: !workspace.pinned,
                  }),
              )
            }
          >
            {workspace.pinned ? t('Unpin') : t('Pin')}
          </MenuItem>
          <MenuItem
            onClick={() =>
              choose(
                () =>
                  void sidebarOperation(dispatch, 'workspace.archive', {
                    workspace_id: id,
                    archived: !workspace.archived,
                  }),
              )
            }
          >
            {workspace.archived ? t('Unarchive') : t('Archive')}
          </MenuItem>
          <MenuItem
            onClick={() => choose(() => onDeleteAsked(workspace))}
            sx={{ color: 'error.main' }}
          >
            {t('Delete')}
          </MenuItem>
        </Menu>
      </MountedOnceOpen>
    </ListItem>
  );
}
