import LinkOffIcon from '@mui/icons-material/LinkOff';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { workspaceRefusalText, type WorkspaceRefusal } from '../../protocol';

/** What the user can do about it, under the refusal. */
const HINT: Record<WorkspaceRefusal, string> = {
  forbidden: 'It is private. Ask the person who created it to invite you.',
  missing: 'The link may be out of date, or the workspace was deleted.',
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
          {workspaceRefusalText(reason)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {HINT[reason]}
        </Typography>
        <Button variant="contained" component={Link} to={backTo}>
          Back to dashboard
        </Button>
      </Paper>
    </Container>
  );
}
