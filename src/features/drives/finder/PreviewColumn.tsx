import AddIcon from '@mui/icons-material/PlaylistAdd';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { fileViewerUrl } from '../../../../protocol/paths';
import { FileSize } from '../../../components/FileSize';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import { driveErrorText, useAddFileToWorkspaceMutation, useGetFileQuery } from '../drivesApi';
import { FilePreview } from '../preview/FilePreview';
import { ColumnMessage } from './ColumnMessage';
import { FinderAdminActions } from './FinderAdminActions';

/** Full navigation, as SPEC §2 says: the viewer is a page of its own. */
export function openFileViewer(drive: string, path: string) {
  window.location.assign(fileViewerUrl(drive, path));
}

/** The finder's third column: the chosen file's details, preview and actions. */
export function PreviewColumn({
  drive,
  path,
  workspaceId,
  manageable = false,
  onGone,
}: {
  drive: string | null;
  path: string | null;
  workspaceId?: string | null;
  /** An administrator may rename, retag or delete it (a world drive, not an app's). */
  manageable?: boolean;
  onGone?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const file = useGetFileQuery(drive && path ? { drive, path } : skipToken);
  const [addFile, adding] = useAddFileToWorkspaceMutation();

  if (!drive || !path) return <ColumnMessage>{t('Select a file to preview')}</ColumnMessage>;

  const addToWorkspace = async () => {
    if (!workspaceId) {
      dispatch(flashShown(t('No workspace selected'), 'warning'));
      return;
    }
    try {
      await addFile({ workspaceId, driveName: drive, filePath: path }).unwrap();
      dispatch(flashShown(t('File added to workspace successfully'), 'success'));
    } catch {
      dispatch(flashShown(t('Failed to add file to workspace'), 'error'));
    }
  };
  const data = file.currentData;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0, height: '100%' }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {data?.Name ?? path.split('/').pop()}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {path}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary">
            {data.MimeType} · <FileSize bytes={data.Size} />
          </Typography>
        )}
        {data?.IndexError && (
          // Why search does not find this file's text (the file itself is fine): a status, not an alarm.
          <Alert severity="info" role="status" sx={{ mt: 1, py: 0, overflowWrap: 'anywhere' }}>
            {data.IndexError}
          </Alert>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<OpenInNewIcon />}
          onClick={() => openFileViewer(drive, path)}
        >
          {t('Open in File Viewer')}
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={adding.isLoading}
          onClick={() => void addToWorkspace()}
        >
          {t('Add File to Workspace')}
        </Button>
      </Box>
      {manageable && data && (
        <FinderAdminActions
          drive={drive}
          path={data.Path}
          tags={data.Tags}
          onGone={() => onGone?.()}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} aria-label={t('Preview')} role="region">
        {file.error ? (
          <Alert severity="error">
            {t('Failed to load file: {{error}}', { error: driveErrorText(file.error) })}
          </Alert>
        ) : data ? (
          <FilePreview file={data} onOpenViewer={() => openFileViewer(drive, path)} />
        ) : (
          <CircularProgress size={24} aria-label={t('Loading file')} sx={{ m: 2 }} />
        )}
      </Box>
    </Box>
  );
}
