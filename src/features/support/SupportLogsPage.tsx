import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { formatSize } from '../../components/formatSize';
import { AdminLayout, useAdminWorld } from '../admin/AdminLayout';
import { useListSupportLogsQuery } from './supportApi';

/** Admin area 'Support logs': the session logs members of this world sent, newest first. */
export function SupportLogsPage() {
  const worldId = useAdminWorld();
  const { data: logs, isLoading, isError } = useListSupportLogsQuery(worldId, { skip: !worldId });
  return (
    <AdminLayout title="Support logs" crumbs={[{ label: 'Support logs' }]}>
      {isLoading ? (
        <CircularProgress aria-label="Loading support logs" />
      ) : isError ? (
        <Alert severity="error">Failed to load support logs</Alert>
      ) : !logs?.length ? (
        <Typography color="text.secondary">No support logs yet.</Typography>
      ) : (
        <Table size="small" aria-label="Support logs">
          <TableHead>
            <TableRow>
              <TableCell>Sent</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Note</TableCell>
              <TableCell align="right">Actions</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.map((log) => (
              <TableRow key={log.id}>
                <TableCell>{new Date(log.created_at).toLocaleString()}</TableCell>
                <TableCell>{log.user_name || log.user_email}</TableCell>
                <TableCell sx={{ maxWidth: 360, whiteSpace: 'pre-wrap' }}>{log.note}</TableCell>
                <TableCell align="right">{log.actions}</TableCell>
                <TableCell align="right">{formatSize(log.size)}</TableCell>
                <TableCell>
                  <Button
                    component={Link}
                    to={`/support/replay?log=${encodeURIComponent(log.id)}&world=${encodeURIComponent(worldId)}`}
                    size="small"
                  >
                    Replay
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AdminLayout>
  );
}
