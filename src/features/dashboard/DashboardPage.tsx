import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectUser } from '../auth/authSlice';
import { useSignOut } from '../auth/useSignOut';
import { selectConnectionStatus } from '../connection/connectionSlice';
import { worldTitle } from '../world/worldPath';

/**
 * The world's landing page. Its widgets (history, new workspace, experts) are
 * issue #5; until then it shows who is signed in and that the live connection is up.
 */
export function DashboardPage() {
  const { worldId = '' } = useParams();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectConnectionStatus);
  const signOut = useSignOut();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Box component={Link} to={`/w/${worldId}/dashboard`} sx={{ display: 'flex' }}>
            <Box component="img" src="/favicon.svg" alt="EMgen" sx={{ width: 32, height: 32 }} />
          </Box>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {worldTitle(worldId)}
          </Typography>
          <Typography color="text.secondary">{user?.name ?? user?.email}</Typography>
          <Button onClick={signOut}>Sign Out</Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Typography variant="h5" gutterBottom>
            Signed in as {user?.name ?? user?.email}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user?.email}
          </Typography>
          <Chip
            color={status === 'connected' ? 'success' : 'warning'}
            label={`Live connection: ${status}`}
            data-testid="connection-status"
          />
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            The dashboard widgets are not built yet (planned in issue #5).
          </Typography>
        </Paper>
      </Container>
    </Box>
  );
}
