import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { workspaceUrl, worldFileViewerUrl } from '../../../protocol/paths';
import { errorMessage } from '../../api/baseApi';
import { formatDateTime } from '../../i18n/format';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { MarkdownOnDemand, SafeHtmlOnDemand } from '../../components/RichTextOnDemand';
import { useGetWorkspaceExportQuery } from './workspaceFilesApi';

/** A date and time in the page's language; an unreadable one as it came. */
const when = (iso: string) => formatDateTime(iso) || iso;

/**
 * The print view of a workspace, /w/{worldid}/workspace-print?id=… (issue 20):
 * the whole conversation from the JSON export on one plain page (the chat
 * page's transcript is virtualized, so it never holds every message), with
 * its research boxes and traces. With print=1 it opens the print dialog.
 */
export function WorkspacePrintPage() {
  const { t } = useTranslation();
  const { worldId = '' } = useParams();
  const [params] = useSearchParams();
  const workspaceId = params.get('id') ?? '';
  const autoPrint = params.get('print') === '1';
  const { data, error, isLoading } = useGetWorkspaceExportQuery(workspaceId, {
    skip: !workspaceId,
  });
  useEffect(() => {
    if (!data || !autoPrint) return;
    // After the content has painted (markdown renderers load on demand).
    const timer = window.setTimeout(() => window.print(), 800);
    return () => window.clearTimeout(timer);
  }, [data, autoPrint]);

  if (!workspaceId)
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="warning">{t('No workspace selected')}</Alert>
      </Container>
    );
  if (isLoading) return <FullScreenSpinner label={t('Loading...')} />;
  if (error || !data)
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="error">{errorMessage(error)}</Alert>
      </Container>
    );

  const title = data.workspace.name?.trim() || t('Untitled workspace');
  return (
    <Container maxWidth="md" component="main" sx={{ py: 4, '@media print': { py: 0 } }}>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, displayPrint: 'none' }}>
        <Button component={Link} to={workspaceUrl(worldId, workspaceId)} variant="outlined">
          {t('Back to the workspace')}
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('Print')}
        </Button>
      </Box>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('{{count}} messages · printed {{date}}', {
          count: data.messages.length,
          date: when(data.exportedAt),
        })}
      </Typography>
      {data.files.length > 0 && (
        <Box component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2">
            {t('Files')}
          </Typography>
          <ul>
            {data.files.map((f) => (
              <li key={`${f.drive}/${f.path}`}>
                <Link to={worldFileViewerUrl(worldId, f.drive, f.path)}>{f.name}</Link> — {f.drive}/
                {f.path}
              </li>
            ))}
          </ul>
        </Box>
      )}
      <Box component="section" aria-label={t('Conversation')}>
        {data.messages.map((m) => (
          <Box
            component="article"
            key={m.id}
            sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', breakInside: 'avoid-page' }}
          >
            <Typography variant="subtitle2" component="h3">
              {m.name || (m.role === 'user' ? t('You') : t('Expert'))}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {when(m.createdAt)}
              </Typography>
            </Typography>
            {m.content ? (
              <MarkdownOnDemand content={m.content} />
            ) : m.html ? (
              <SafeHtmlOnDemand html={m.html} />
            ) : null}
          </Box>
        ))}
      </Box>
      {data.research.length > 0 && (
        <Box component="section" sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2">
            {t('Research')}
          </Typography>
          {data.research.map((r) => (
            <Box key={r.id} sx={{ py: 1, breakInside: 'avoid-page' }}>
              <Typography variant="subtitle1" component="h3">
                {r.title || r.name || t('Research')}
              </Typography>
              {r.html ? (
                <SafeHtmlOnDemand html={r.html} />
              ) : (
                <MarkdownOnDemand content={r.content} />
              )}
            </Box>
          ))}
        </Box>
      )}
      {data.traces.length > 0 && (
        <Box component="section" sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2">
            {t('Traces')}
          </Typography>
          {data.traces.map((trace, i) => (
            <Box key={`${trace.key}-${i}`} sx={{ py: 1, breakInside: 'avoid-page' }}>
              <Typography variant="subtitle2" component="h3">
                {trace.key}
              </Typography>
              {trace.html ? (
                <SafeHtmlOnDemand html={trace.html} />
              ) : (
                <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0 }}>
                  {JSON.stringify(trace.value, null, 2)}
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Container>
  );
}
