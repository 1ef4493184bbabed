import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WorkspaceSearchHit } from '../../../../protocol';
import { workspaceUrl } from '../../../../protocol/paths';
import { snippetParts, workspaceTitle } from './workspaceGroups';

/** A match's passage with the matched words highlighted: text nodes only, never HTML. */
function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

/** What a sidebar search found: workspaces by name, messages by content (each opens at the message). */
export function SearchResults({
  worldId,
  results,
  answered,
  onNavigate,
}: {
  worldId: string;
  results: WorkspaceSearchHit[];
  answered: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  if (!answered)
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 1 }} variant="body2">
        {t('Searching...')}
      </Typography>
    );
  if (results.length === 0)
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 1 }} variant="body2">
        {t('No search results')}
      </Typography>
    );
  return (
    <List dense aria-label={t('Search results')} sx={{ px: 1 }}>
      {results.map((hit) => (
        <ListItem key={`${hit.kind}-${hit.workspace_id}-${hit.message_id ?? ''}`} disablePadding>
          <ListItemButton
            component={Link}
            to={workspaceUrl(worldId, hit.workspace_id, hit.message_id)}
            onClick={onNavigate}
            sx={{ borderRadius: 1, alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={workspaceTitle(hit.name)}
              secondary={
                hit.snippet !== undefined ? <Snippet text={hit.snippet} /> : t('Workspace name')
              }
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
