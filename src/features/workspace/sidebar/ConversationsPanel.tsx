import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListedWorkspace } from '../../../../protocol';
import { dashboardUrl } from '../../../../protocol/paths';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { cogSend } from '../../../ws/cogActions';
import { selectIsConnected } from '../../../ws/connectionSlice';
import { useDashboardAction } from '../../dashboard/widgets/useDashboardAction';
import { flashShown } from '../../flash/flashSlice';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';
import { SearchResults } from './SearchResults';
import { sidebarOperation } from './sidebarOperation';
import {
  selectSidebarChanges,
  selectSidebarDeleted,
  selectSidebarSearch,
  selectSidebarWorkspaces,
  workspaceDeleted,
  workspaceRestoreAsked,
  workspaceSearchCleared,
} from './sidebarSlice';
import { groupWorkspaces, workspaceTitle } from './workspaceGroups';
import { WorkspaceListItem } from './WorkspaceListItem';
import { MountedOnceOpen } from '../../../components/MountedOnceOpen';

/** Search waits this long after the last key (SPEC §9). */
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 300;

/** How long the flash offering Undo after a deletion stays up. */
const UNDO_FLASH_MS = 8000;

/**
 * The sidebar of conversations: 'New workspace', a search over names and
 * messages, the user's workspaces (pinned on top, then by recent activity)
 * and, on demand, the archived ones.
 */
export function ConversationsPanel({
  worldId,
  workspaceId,
  onNavigate,
  onCollapse,
}: {
  worldId: string;
  workspaceId: string;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
  /** Shown as a collapse button when given. */
  onCollapse?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const connected = useAppSelector(selectIsConnected);
  const changes = useAppSelector(selectSidebarChanges);
  const workspaces = useAppSelector(selectSidebarWorkspaces);
  const deleted = useAppSelector(selectSidebarDeleted);
  const search = useAppSelector(selectSidebarSearch);
  const { run: runAction, busy: creating } = useDashboardAction();
  // The page remounts the sidebar when it moves to another workspace: the search carries on.
  const [query, setQuery] = useState(search.q);
  const [showArchived, setShowArchived] = useState(false);
  const [deleting, setDeleting] = useState<ListedWorkspace | undefined>();

  // The list on open, on every reconnect and whenever one of its workspaces changed.
  useEffect(() => {
    if (connected) dispatch(cogSend('workspace.list', {}));
  }, [connected, changes, worldId, dispatch]);

  // Search as one types, 300 ms after the last key (SPEC §9 debounce).
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) {
      dispatch(workspaceSearchCleared());
      return;
    }
    const timer = window.setTimeout(
      () => dispatch(cogSend('workspace.search', { q: trimmed })),
      SIDEBAR_SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [trimmed, dispatch]);

  const groups = useMemo(() => groupWorkspaces(workspaces ?? [], deleted), [workspaces, deleted]);

  async function confirmDelete() {
    const ws = deleting;
    setDeleting(undefined);
    if (!ws) return;
    const id = ws.workspace_id;
    if (!(await sidebarOperation(dispatch, 'workspace.delete', { workspace_id: id }))) return;
    dispatch(workspaceDeleted({ workspaceId: id }));
    dispatch(
      flashShown(
        t('Deleted “{{name}}”', { name: workspaceTitle(ws.name) }),
        'info',
        UNDO_FLASH_MS,
        {
          label: t('Undo'),
          action: workspaceRestoreAsked({ workspaceId: id }),
        },
      ),
    );
    // The open workspace no longer exists: back to the dashboard (Undo still works from there).
    if (id === workspaceId) navigate(dashboardUrl(worldId));
  }

  const row = (ws: ListedWorkspace) => (
    <WorkspaceListItem
      key={ws.workspace_id}
      worldId={worldId}
      workspace={ws}
      current={ws.workspace_id === workspaceId}
      onNavigate={onNavigate}
      onDeleteAsked={setDeleting}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1, pb: 0.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('Workspaces')}
        </Typography>
        {onCollapse && (
          <Tooltip title={t('Hide workspaces')}>
            <IconButton aria-label={t('Hide workspaces')} onClick={onCollapse} edge="end">
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ px: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={creating}
          // The dashboard's Create Workspace path: a draft, then the management page names it.
          onClick={() => void runAction({ action: 'new_chat' })}
        >
          {t('New workspace')}
        </Button>
        <TextField
          size="small"
          type="search"
          placeholder={t('Search workspaces')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': t('Search workspaces'), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', mt: 1 }}>
        {trimmed ? (
          <SearchResults
            worldId={worldId}
            results={search.q === trimmed ? search.results : []}
            answered={search.q === trimmed && search.answered}
            onNavigate={onNavigate}
          />
        ) : (
          <>
            {groups.pinned.length > 0 && (
              <List
                dense
                aria-label={t('Pinned workspaces')}
                sx={{ px: 1 }}
                subheader={<ListSubheader disableSticky>{t('Pinned')}</ListSubheader>}
              >
                {groups.pinned.map(row)}
              </List>
            )}
            <List
              dense
              aria-label={t('Recent workspaces')}
              sx={{ px: 1 }}
              subheader={
                groups.pinned.length > 0 ? (
                  <ListSubheader disableSticky>{t('Recent')}</ListSubheader>
                ) : undefined
              }
            >
              {groups.recent.map(row)}
            </List>
            {workspaces !== null && groups.pinned.length + groups.recent.length === 0 && (
              <Typography color="text.secondary" variant="body2" sx={{ px: 2 }}>
                {t('No workspaces yet')}
              </Typography>
            )}
            {groups.archived.length > 0 && (
              <Box sx={{ px: 1 }}>
                <Button
                  size="small"
                  onClick={() => setShowArchived(!showArchived)}
                  aria-expanded={showArchived}
                >
                  {showArchived
                    ? t('Hide archived')
                    : t('Archived ({{number}})', { number: groups.archived.length })}
                </Button>
                {showArchived && (
                  <List dense aria-label={t('Archived workspaces')}>
                    {groups.archived.map(row)}
                  </List>
                )}
              </Box>
            )}
          </>
        )}
      </Box>
      <MountedOnceOpen open={deleting !== undefined}>
        <DeleteWorkspaceDialog
          title={deleting ? workspaceTitle(deleting.name) : undefined}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => void confirmDelete()}
        />
      </MountedOnceOpen>
    </Box>
  );
}
