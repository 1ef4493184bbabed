import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WORKSPACE_MISSING, WORKSPACE_NOT_OPEN, WorkspaceRefusal } from '../../protocol';
import { tKey } from '../i18n/i18n';

/**
 * The refusal in words: the protocol's (workspaceRefusalText), marked here as
 * keys; `satisfies` fails to compile should the protocol's words change.
 */
const TITLE: Record<WorkspaceRefusal, string> = {
  forbidden: tKey('This workspace is not open to you') satisfies typeof WORKSPACE_NOT_OPEN,
  missing: tKey('This workspace does not exist') satisfies typeof WORKSPACE_MISSING,
};

/** What the user can do about it, under the refusal. */
const HINT: Record<WorkspaceRefusal, string> = {
  forbidden: tKey('It is private. Ask the person who created it to invite you.'),
  missing: tKey('The link may be out of date, or the workspace was deleted.'),
};

/**
 * A workspace the server refused (workspace.unavailable), in place of the
 * workspace or its management page: why, and a way back. Nothing here takes
 * input, so nothing typed can be lost.
 */
export function WorkspaceUnavailable({
  reason,
  backTo,
}: {
  reason: WorkspaceRefusal;
  /** The dashboard's URL. */
  backTo: string;
}) {
  const { t } = useTranslation();
  const Icon = reason === 'forbidden' ? LockOutlinedIcon : LinkOffIcon;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper
        variant="outlined"
        role="alert"
        aria-labelledby="workspace-unavailable-title"
        sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
      >
        <Icon color="action" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography id="workspace-unavailable-title" variant="h5" component="h1" gutterBottom>
          {t(TITLE[reason])}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(HINT[reason])}
        </Typography>
        <Button variant="contained" component={Link} to={backTo}>
          {t('Back to dashboard')}
        </Button>
      </Paper>
    </Container>
  );
}
