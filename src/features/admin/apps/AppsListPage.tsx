import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Application } from '../../../../protocol';
import { AdminLayout } from '../AdminLayout';
import { annotationTotal, kindLabel, kindsByCount, processIdText, useApps } from './useApps';

/** Annotation kinds a card shows (SPEC §9). */
export const CARD_KINDS = 5;

/** Applications Management (SPEC §2 "Admin area"): one card per registered app. */
export function AppsListPage() {
  const { t } = useTranslation();
  const { loading, apps, error, refresh } = useApps();
  return (
    <AdminLayout
      title={t('Applications Management')}
      crumbs={[{ label: t('Applications') }]}
      actions={
        <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={loading}>
          {t('Refresh')}
        </Button>
      }
    >
      <AppsBody loading={loading} apps={apps} error={error} />
    </AdminLayout>
  );
}

export function AppsLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-label={t('Loading applications')} />
      <Typography color="text.secondary">{t('Loading applications...')}</Typography>
    </Box>
  );
}

function AppsBody({
  loading,
  apps,
  error,
}: {
  loading: boolean;
  apps: Application[];
  error: string | null;
}) {
  const { t } = useTranslation();
  if (loading) return <AppsLoading />;
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {apps.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          {t('No applications found')}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          }}
        >
          {apps.map((app) => (
            <AppCard key={app.appName} app={app} />
          ))}
        </Box>
      )}
    </>
  );
}

function AppCard({ app }: { app: Application }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kinds = kindsByCount(app);
  const more = kinds.length - CARD_KINDS;
  return (
    <Card variant="outlined">
      <CardActionArea
        aria-label={t('Application {{name}}', { name: app.appName })}
        onClick={() => void navigate(`/admin/apps/${encodeURIComponent(app.appName)}`)}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom sx={{ wordBreak: 'break-word' }}>
            {app.appName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('Process ID: {{id}}', { id: processIdText(app) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('Annotations: {{total}}', { total: annotationTotal(app) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {kinds.slice(0, CARD_KINDS).map(({ kind, count }) => (
              <Chip key={kind} size="small" label={`${kindLabel(kind)} (${count})`} />
            ))}
            {more > 0 && (
              <Chip
                size="small"
                variant="outlined"
                label={t('+{{number}} more', { number: more })}
              />
            )}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
