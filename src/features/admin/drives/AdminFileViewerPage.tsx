import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { DriveFile } from '../../../../protocol';
import { FileSize } from '../../../components/FileSize';
import { driveErrorText, fileDownloadUrl, useGetFileQuery } from '../../drives/drivesApi';
import { VersionsList } from '../../drives/viewer/VersionsList';
import { decodeText } from '../../drives/preview/content';
import { FilePreview, PreviewMessage } from '../../drives/preview/FilePreview';
import { previewKind } from '../../drives/preview/previewKind';
import { TextPreview } from '../../drives/preview/TextPreview';
import { adminDriveUrl } from '../../../../protocol/paths';
import { formatDate } from '../../../i18n/format';
import { fileTypeLabel } from '../adminFormat';
import { AdminLayout, useAdminWorld } from '../AdminLayout';
import { TagChips } from './TagChips';

/**
 * The path from the route's splat: React Router decodes each segment but keeps
 * an encoded slash as %2F, so a path encoded whole reads like one encoded per segment.
 */
export const pathFromSplat = (splat: string | undefined): string =>
  (splat ?? '').replace(/%2F/gi, '/').replace(/^\/+|\/+$/g, '');

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Details({ file }: { file: DriveFile }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      aria-label={t('File details')}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3, m: 0 }}
    >
      <Detail label={t('Path')}>{file.Path}</Detail>
      <Detail label={t('Type')}>
        {file.MimeType} ({fileTypeLabel(file.Path, file.MimeType, t)})
      </Detail>
      <Detail label={t('Size')}>
        <FileSize bytes={file.Size} />
      </Detail>
      <Detail label={t('Updated')}>{formatDate(file.UpdatedAt) || '—'}</Detail>
      <Detail label={t('Description')}>{file.Description || t('No description')}</Detail>
      <Detail label={t('Tags')}>
        {file.Tags.length ? <TagChips tags={file.Tags} max={file.Tags.length} /> : t('No tags')}
      </Detail>
    </Box>
  );
}

/** Markdown is shown as its source here: the admin sees what is stored. */
function SourceText({ content }: { content: string | undefined }) {
  const { t } = useTranslation();
  const text = useMemo(() => {
    try {
      return content ? decodeText(content) : null;
    } catch {
      return null;
    }
  }, [content]);
  if (text === null)
    return <PreviewMessage>{t('No content available for this file')}</PreviewMessage>;
  return <TextPreview text={text} />;
}

/**
 * The preview of SPEC §2 "Admin file viewer": images, code, text and cog
 * content (application/x-cog-*) as the drive preview shows them; a PDF is
 * not rendered here but offered for download; anything else has no preview.
 */
function AdminPreview({ file, downloadUrl }: { file: DriveFile; downloadUrl: string }) {
  const { t } = useTranslation();
  const kind = previewKind(file);
  if (kind === 'markdown') return <SourceText content={file.Content} />;
  if (kind === 'pdf') {
    return (
      <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <PictureAsPdfIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="body2">{t('PDF preview is not supported here')}</Typography>
        <Button variant="contained" startIcon={<DownloadIcon />} href={downloadUrl} download>
          {t('Download')}
        </Button>
      </Box>
    );
  }
  return <FilePreview file={file} />;
}

function FileView({ drive, path }: { drive: string; path: string }) {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const { currentData: file, error } = useGetFileQuery({ drive, path });
  const downloadUrl = fileDownloadUrl(drive, path, worldId);
  if (error) {
    return (
      <Alert severity="error">
        {t('Failed to load file: {{error}}', { error: driveErrorText(error) })}
      </Alert>
    );
  }
  if (!file) return <CircularProgress size={28} aria-label={t('Loading file')} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Details file={file} />
          </Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={downloadUrl} download>
            {t('Download')}
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('Preview')} component="section">
        <AdminPreview file={file} downloadUrl={downloadUrl} />
      </Paper>
      <VersionsList drive={drive} path={file.Path} worldId={worldId} canRestore />
    </Box>
  );
}

/** Admin file viewer, /admin/emdrive/{driveName}/file/{filePath} (path may hold slashes). */
export function AdminFileViewerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const drive = params.driveName ?? '';
  const path = pathFromSplat(params['*']);
  const name = path.split('/').pop() || t('File');
  return (
    <AdminLayout
      title={name}
      crumbs={[
        { label: t('EMDrive Management'), to: '/admin/emdrive' },
        ...(drive ? [{ label: drive, to: adminDriveUrl(drive) }] : []),
        { label: name },
      ]}
    >
      {drive && path ? (
        <FileView drive={drive} path={path} />
      ) : (
        <Alert severity="error">{t('Missing drive name or file path')}</Alert>
      )}
    </AdminLayout>
  );
}
