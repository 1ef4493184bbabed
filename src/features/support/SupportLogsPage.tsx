import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatSize } from '../../components/formatSize';
import { formatDateTime } from '../../i18n/format';
import { AdminLayout, useAdminWorld } from '../admin/AdminLayout';
import { useListSupportLogsQuery } from './supportApi';

/** Admin area 'Support logs': the session logs members of this world sent, newest first. */
export function SupportLogsPage() {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const { data: logs, isLoading, isError } = useListSupportLogsQuery(worldId, { skip: !worldId });
  return (
    <AdminLayout title={t('Support logs')} crumbs={[{ label: t('Support logs') }]}>
      {isLoading ? (
        <CircularProgress aria-label={t('Loading support logs')} />
      ) : isError ? (
        <Alert severity="error">{t('Failed to load support logs')}</Alert>
      ) : !logs?.length ? (
        <Typography color="text.secondary">{t('No support logs yet.')}</Typography>
      ) : (
        <Table size="small" aria-label={t('Support logs')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Sent')}</TableCell>
              <TableCell>{t('By')}</TableCell>
              <TableCell>{t('Note')}</TableCell>
              <TableCell align="right">{t('Actions')}</TableCell>
              <TableCell align="right">{t('Size')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.map((log) => (
              <TableRow key={log.id}>
                <TableCell>{formatDateTime(log.created_at)}</TableCell>
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
                    {t('Replay')}
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
