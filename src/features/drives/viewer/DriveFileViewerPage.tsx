import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { DriveFile } from '../../../../protocol';
import { Markdown } from '../../../components/Markdown';
import { useAppSelector } from '../../../store/hooks';
import { selectAccessibleWorlds, selectActiveWorld } from '../../auth/authSlice';
import { driveErrorText, fileDownloadUrl, useGetFileQuery } from '../drivesApi';
import { VersionsList } from './VersionsList';
import { decodeText } from '../preview/content';
import { FilePreview } from '../preview/FilePreview';
import { previewKind } from '../preview/previewKind';
import { PdfBoundary } from './PdfFailed';
import { dashboardUrl } from '../../../../protocol/paths';

// react-pdf and pdf.js load only when a PDF is shown (their own chunk).
const PdfView = lazy(() => import('./PdfView'));

/**
 * The path from the route's splat. React Router decodes each segment but
 * keeps an encoded slash as %2F, so a path encoded whole
 * (encodeURIComponent) reads the same as one encoded per segment.
 */
export function filePathFromSplat(splat: string | undefined): string {
  return (splat ?? '').replace(/%2F/gi, '/').replace(/^\/+|\/+$/g, '');
}

function Header({ path, downloadUrl }: { path: string; downloadUrl?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { worldId } = useParams();
  const activeWorld = useAppSelector(selectActiveWorld);
  const back = () => {
    // The finder opens the viewer by full navigation, so the browser's history is the way back.
    if (window.history.length > 1) window.history.back();
    else navigate(dashboardUrl(worldId ?? activeWorld ?? ''));
  };
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
      <Tooltip title={t('Back')}>
        <IconButton aria-label={t('Back')} onClick={back}>
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="h6" component="h1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {path || t('File viewer')}
      </Typography>
      {downloadUrl && (
        <Button variant="outlined" startIcon={<DownloadIcon />} href={downloadUrl} download>
          {t('Download')}
        </Button>
      )}
    </Box>
  );
}

function MarkdownFile({ file }: { file: DriveFile }) {
  const text = useMemo(() => {
    try {
      return file.Content ? decodeText(file.Content) : '';
    } catch {
      return '';
    }
  }, [file.Content]);
  return <Markdown content={text} />;
}

function FileBody({ file, pdfUrl }: { file: DriveFile; pdfUrl: string }) {
  const { t } = useTranslation();
  switch (previewKind(file)) {
    case 'markdown':
      return <MarkdownFile file={file} />;
    case 'pdf':
      return (
        <PdfBoundary>
          <Suspense fallback={<CircularProgress size={28} aria-label={t('Loading PDF viewer')} />}>
            <PdfView url={pdfUrl} />
          </Suspense>
        </PdfBoundary>
      );
    default:
      return <FilePreview file={file} />;
  }
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {children}
    </Container>
  );
}

/**
 * The drive file viewer, /w/{worldid}/emdrive/{driveName}/file/{filePath} and
 * /emdrive/{driveName}/file/{filePath} (SPEC §2): markdown rendered, PDFs
 * with react-pdf, other files as their preview; Download and back buttons.
 */
export function DriveFileViewerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const activeWorld = useAppSelector(selectActiveWorld);
  const drive = params.driveName ?? '';
  const path = filePathFromSplat(params['*']);
  const worldId = params.worldId ?? activeWorld;
  const file = useGetFileQuery(drive && path ? { drive, path } : skipToken);
  const worlds = useAppSelector(selectAccessibleWorlds);
  const isAdmin = worlds.some((w) => w.world_id === worldId && w.is_admin);

  if (!drive || !path) {
    return (
      <Frame>
        <Header path={path} />
        <Alert severity="error">{t('Missing drive name or file path')}</Alert>
      </Frame>
    );
  }
  const downloadUrl = fileDownloadUrl(drive, path, worldId);
  return (
    <Frame>
      <Header path={path} downloadUrl={downloadUrl} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {file.error ? (
          <Alert severity="error">
            {t('Failed to load file: {{error}}', { error: driveErrorText(file.error) })}
          </Alert>
        ) : file.currentData ? (
          <FileBody file={file.currentData} pdfUrl={downloadUrl} />
        ) : (
          <CircularProgress size={28} aria-label={t('Loading file')} />
        )}
      </Paper>
      {file.currentData && (
        <Box sx={{ mt: 2 }}>
          <VersionsList
            drive={drive}
            path={file.currentData.Path}
            worldId={worldId}
            canRestore={isAdmin}
          />
        </Box>
      )}
    </Frame>
  );
}
