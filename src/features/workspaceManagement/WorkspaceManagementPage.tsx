import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NavBar } from '../world/NavBar';
import { WorkspaceUnavailable } from '../../components/WorkspaceUnavailable';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cogContextSet } from '../../ws/cogActions';
import { AccessSection } from './components/AccessSection';
import { ExpertsTab } from './components/ExpertsTab';
import { MAX_WORKSPACE_NAME, SettingsTab } from './components/SettingsTab';
import { ToolProvidersTab } from './components/ToolProvidersTab';
import { isDirty, parseMode } from './managementModel';
import {
  managementClosed,
  managementOpened,
  selectManagement,
  workspaceSaveRequested,
  type ManagementMode,
} from './managementSlice';
import { dashboardUrl, workspaceUrl } from '../../../protocol/paths';

/** A tab and the one panel that shows its content, tied together for assistive technology. */
const tabProps = (index: number) => ({
  id: `workspace-tab-${index}`,
  'aria-controls': `workspace-tabpanel-${index}`,
});
const tabPanelProps = (index: number) => ({
  role: 'tabpanel',
  id: `workspace-tabpanel-${index}`,
  'aria-labelledby': `workspace-tab-${index}`,
});

/** /w/{worldid}/workspace-management?id=…&mode=edit|create (also /w/{worldid}/workspace?id=…&mode=…). */
export function WorkspaceManagementPage() {
  const { t } = useTranslation();
  const { worldId = '' } = useParams();
  const [params] = useSearchParams();
  const workspaceId = params.get('id');
  const mode = parseMode(params.get('mode'));

  if (typeof mode !== 'string') {
    return (
      <Shell worldId={worldId}>
        <Alert severity="error">
          {t('Invalid mode "{{mode}}": use edit or create.', { mode: mode.invalid })}
        </Alert>
      </Shell>
    );
  }
  if (!workspaceId) {
    return (
      <Shell worldId={worldId}>
        <Alert
          severity="warning"
          action={
            <Button component={Link} to={dashboardUrl(worldId)}>
              {t('Dashboard')}
            </Button>
          }
        >
          {t('No workspace selected')}
        </Alert>
      </Shell>
    );
  }
  return (
    <Management
      key={`${workspaceId}:${mode}`}
      worldId={worldId}
      workspaceId={workspaceId}
      mode={mode}
    />
  );
}

function Shell({ worldId, children }: { worldId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar worldId={worldId} title={t('Workspace')} />
      <Container maxWidth="md" sx={{ py: 4 }}>
        {children}
      </Container>
    </Box>
  );
}

function Management({
  worldId,
  workspaceId,
  mode,
}: {
  worldId: string;
  workspaceId: string;
  mode: ManagementMode;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useAppSelector(selectManagement);
  const [tab, setTab] = useState(0);

  useEffect(() => {
    // The workspace goes into the socket context first: the detail requests are about it.
    dispatch(cogContextSet({ key: 'workspace_id', value: workspaceId }));
    dispatch(managementOpened({ workspaceId, mode }));
    return () => void dispatch(managementClosed());
  }, [dispatch, workspaceId, mode]);

  if (state.unavailable) {
    return (
      <Box sx={{ minHeight: '100vh' }}>
        <NavBar worldId={worldId} title={t('Workspace')} />
        <WorkspaceUnavailable reason={state.unavailable} backTo={dashboardUrl(worldId)} />
      </Box>
    );
  }

  const leave = () =>
    navigate(mode === 'create' ? dashboardUrl(worldId) : workspaceUrl(worldId, workspaceId));
  const dirty = isDirty(state);
  const nameTooLong = state.name.trim().length > MAX_WORKSPACE_NAME;
  const saveLabel = state.saving
    ? t('Saving...')
    : mode === 'create'
      ? t('Create Workspace')
      : t('Save Changes');

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar
        worldId={worldId}
        title={mode === 'create' ? t('New workspace') : state.originalName || t('Workspace')}
      />
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
              {mode === 'create' ? t('Create a workspace') : t('Configure workspace')}
            </Typography>
            {dirty && !state.saving && (
              <Typography variant="body2" color="text.secondary">
                {t('Unsaved changes')}
              </Typography>
            )}
            <Button onClick={leave} disabled={state.saving}>
              {t('Cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => dispatch(workspaceSaveRequested({ worldId }))}
              disabled={
                state.saving || state.loading || nameTooLong || (mode === 'create' && !dirty)
              }
            >
              {saveLabel}
            </Button>
          </Stack>
          {state.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {state.error}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(_e, v: number) => setTab(v)}
            aria-label={t('Workspace settings')}
            // On a phone the three tabs are wider than the screen: they scroll, none is cut off.
            variant="scrollable"
            scrollButtons={false}
            sx={{ mb: 3 }}
          >
            <Tab
              {...tabProps(0)}
              label={
                <Badge
                  badgeContent={state.selectedExperts.length}
                  color="primary"
                  showZero
                  sx={{ pr: 2 }}
                >
                  {t('Experts')}
                </Badge>
              }
            />
            <Tab
              {...tabProps(1)}
              label={
                <Badge
                  badgeContent={state.selectedProviders.length}
                  color="primary"
                  showZero
                  sx={{ pr: 2 }}
                >
                  {t('Tool Providers')}
                </Badge>
              }
            />
            <Tab {...tabProps(2)} label={t('Settings')} />
          </Tabs>
          <Box {...tabPanelProps(tab)}>
            {state.loading ? (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
                <CircularProgress size={24} />
                <Typography>{t('Loading workspace details...')}</Typography>
              </Stack>
            ) : (
              <>
                {tab === 0 && <ExpertsTab />}
                {tab === 1 && <ToolProvidersTab />}
                {tab === 2 && (
                  <>
                    <SettingsTab />
                    {mode === 'edit' && <AccessSection />}
                  </>
                )}
              </>
            )}
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}
