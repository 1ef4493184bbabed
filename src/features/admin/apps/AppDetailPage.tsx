import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { AnnotationEntry, Application } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';
import { AdminLayout } from '../AdminLayout';
import { AppsLoading } from './AppsListPage';
import { kindLabel, kindsByCount, processIdText, useApps } from './useApps';

export const APP_NOT_FOUND = tKey(
  'Application not found. It may have been unloaded or the name is incorrect.',
);

/** One application's annotations, a tab per kind (SPEC §2 "Application detail"). */
export function AppDetailPage() {
  const { t } = useTranslation();
  const appName = useParams().appName ?? '';
  const { loading, apps, error, refresh } = useApps();
  const app = apps.find((a) => a.appName === appName);
  return (
    <AdminLayout
      title={appName || t('Application')}
      crumbs={[{ label: t('Applications'), to: '/admin/apps' }, { label: appName }]}
      actions={
        <>
          <Button component={RouterLink} to="/admin/apps" startIcon={<ArrowBackIcon />}>
            {t('Back to List')}
          </Button>
          <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={loading}>
            {t('Refresh')}
          </Button>
        </>
      }
    >
      {loading ? (
        <AppsLoading />
      ) : (
        <>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {app ? (
            <AppAnnotations key={app.appName} app={app} />
          ) : (
            <Alert severity="warning">{t(APP_NOT_FOUND)}</Alert>
          )}
        </>
      )}
    </AdminLayout>
  );
}

function AppAnnotations({ app }: { app: Application }) {
  const { t } = useTranslation();
  const kinds = kindsByCount(app);
  const [picked, setPicked] = useState(0);
  const tab = Math.min(picked, Math.max(kinds.length - 1, 0));
  const current = kinds[tab];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {app.appName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('Process ID: {{id}}', { id: processIdText(app) })}
      </Typography>
      {current ? (
        <>
          <Tabs
            value={tab}
            onChange={(_e, v: number) => setPicked(v)}
            variant="scrollable"
            aria-label={t('Annotation kinds')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {kinds.map(({ kind, count }) => (
              <Tab key={kind} label={`${kindLabel(kind)} (${count})`} />
            ))}
          </Tabs>
          <EntriesTable kind={current.kind} entries={app.annotations[current.kind] ?? []} />
        </>
      ) : (
        <Typography color="text.secondary">
          {t('No annotations defined for this application.')}
        </Typography>
      )}
    </Paper>
  );
}

const attrText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function EntriesTable({ kind, entries }: { kind: string; entries: AnnotationEntry[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('{{kind}} annotations', { kind: kindLabel(kind) })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Module')}</TableCell>
            <TableCell>{t('Cog')}</TableCell>
            <TableCell>{t('Attributes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry, i) => {
            const attrs = Object.entries(entry.attrs ?? {});
            return (
              <TableRow key={`${entry.moduleName}/${entry.cogName}/${i}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{entry.moduleName}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{entry.cogName}</TableCell>
                <TableCell>
                  {attrs.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('No attributes')}
                    </Typography>
                  ) : (
                    attrs.map(([key, value]) => (
                      <Box key={key} sx={{ fontSize: 14, wordBreak: 'break-word' }}>
                        <strong>{key}:</strong> {attrText(value)}
                      </Box>
                    ))
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
