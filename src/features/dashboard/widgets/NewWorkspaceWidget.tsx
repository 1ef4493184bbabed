import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NewWorkspaceWidget } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';
import { useDashboardAction } from './useDashboardAction';

const LABEL = tKey('Create Workspace');

/** The 'Create Workspace' card: runs new_chat_action and follows where the server sends the user. */
export function DefaultNewWorkspaceWidget({ widget }: { widget: NewWorkspaceWidget }) {
  const { t } = useTranslation();
  const { run, busy } = useDashboardAction();
  // The button already says it; a title that repeats it would say it twice.
  const shown = widget.title?.trim();
  const title = shown === LABEL || shown === t(LABEL) ? undefined : widget.title;
  return (
    <Card variant="outlined">
      {(title || widget.description) && (
        <CardContent sx={{ pb: 0 }}>
          {title && (
            <Typography variant="h6" component="h2" gutterBottom>
              {title}
            </Typography>
          )}
          {widget.description && (
            <Typography color="text.secondary">{widget.description}</Typography>
          )}
        </CardContent>
      )}
      <CardActions sx={{ p: 2 }}>
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <AddIcon />}
          onClick={() => void run(widget.new_chat_action)}
        >
          {t(LABEL)}
        </Button>
      </CardActions>
    </Card>
  );
}
