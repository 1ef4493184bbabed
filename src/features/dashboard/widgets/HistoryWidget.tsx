import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HistoryWidget, HistoryWorkspace } from '../../../../protocol';
import { appPath } from '../actionRedirect';

/** The user's workspaces in this world, newest first as the server sends them; a click opens one. */
export function DefaultHistoryWidget({ widget }: { widget: HistoryWidget }) {
  const { t } = useTranslation();
  const workspaces = widget.workspaces ?? [];
  return (
    <Card variant="outlined">
      <CardHeader
        avatar={<HistoryIcon color="action" />}
        title={widget.user_prompt}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      {workspaces.length === 0 ? (
        <CardContent sx={{ pt: 0 }}>
          <Typography color="text.secondary">
            {t('No workspaces yet. Create one to get started.')}
          </Typography>
        </CardContent>
      ) : (
        <List disablePadding aria-label={t('Your workspaces')}>
          {workspaces.map((ws) => (
            <HistoryItem key={ws.workspace_id} workspace={ws} />
          ))}
        </List>
      )}
    </Card>
  );
}

function HistoryItem({ workspace }: { workspace: HistoryWorkspace }) {
  const { t } = useTranslation();
  const users = (workspace.users ?? []).map((u) => u.name).join(', ');
  const experts = workspace.experts ?? [];
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={Link}
        to={appPath(workspace.url)}
        sx={{ display: 'block', py: 1.5 }}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 500, flexGrow: 1 }} noWrap>
            {workspace.name?.trim() || t('Untitled workspace')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {workspace.created_ago}
          </Typography>
        </Box>
        {users && (
          <Typography variant="body2" color="text.secondary">
            {users}
          </Typography>
        )}
        {experts.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
            {experts.map((e) => (
              <Chip key={e.expert_id} size="small" variant="outlined" label={`${e.name} (EM)`} />
            ))}
          </Box>
        )}
      </ListItemButton>
    </ListItem>
  );
}
