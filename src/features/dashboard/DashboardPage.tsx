import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { NavBar } from '../../components/NavBar';
import { useAppSelector } from '../../store/hooks';
import { selectUser } from '../auth/authSlice';
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
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar worldId={worldId} title={worldTitle(worldId)} />
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
