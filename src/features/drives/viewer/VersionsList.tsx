import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FileVersion } from '../../../../protocol';
import { formatSize } from '../../../components/formatSize';
import { useAppDispatch } from '../../../store/hooks';
import { flashShown } from '../../flash/flashSlice';
import {
  useFileVersionsQuery,
  useRestoreVersionMutation,
  versionDownloadUrl,
} from '../driveAdminApi';
import { driveErrorText } from '../drivesApi';

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function describe(v: FileVersion): string {
  const made = `${when(v.CreatedAt)}${v.CreatedBy ? ` by ${v.CreatedBy}` : ''}`;
  const replaced = v.ReplacedAt
    ? ` · replaced ${when(v.ReplacedAt)}${v.ReplacedBy ? ` by ${v.ReplacedBy}` : ''}`
    : '';
  return `${formatSize(v.Size)} · ${made}${replaced}`;
}

/**
 * A file's versions, newest first: each downloadable; an administrator may
 * make an earlier one current again (as a new version, the current one kept).
 */
export function VersionsList({
  drive,
  path,
  worldId,
  canRestore,
}: {
  drive: string;
  path: string;
  worldId?: string | null;
  canRestore: boolean;
}) {
  const dispatch = useAppDispatch();
  const { currentData, error } = useFileVersionsQuery({ drive, path });
  const [restore, restoring] = useRestoreVersionMutation();
  const restored = async (version: number) => {
    const result = await restore({ drive, path, version });
    dispatch(
      'error' in result
        ? flashShown(`Restore failed: ${driveErrorText(result.error)}`, 'error')
        : flashShown(`Version ${version} is the current version again`, 'success'),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="versions-title">
      <Typography id="versions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Versions
      </Typography>
      {error ? (
        <Alert severity="error">Failed to load versions: {driveErrorText(error)}</Alert>
      ) : !currentData ? null : (
        <>
          <List dense disablePadding aria-label={`Versions of ${path}`}>
            {currentData.versions.map((v) => (
              <ListItem key={v.Version} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ minWidth: 200, flex: '1 1 240px' }}
                  primary={
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                      <span>Version {v.Version}</span>
                      {v.Current && <Chip size="small" color="primary" label="Current" />}
                    </Stack>
                  }
                  secondary={describe(v)}
                />
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    href={versionDownloadUrl(drive, path, v.Version, worldId)}
                    download
                    aria-label={`Download version ${v.Version}`}
                  >
                    Download
                  </Button>
                  {canRestore && !v.Current && (
                    <Button
                      size="small"
                      startIcon={<RestoreIcon />}
                      disabled={restoring.isLoading}
                      onClick={() => void restored(v.Version)}
                      aria-label={`Restore version ${v.Version}`}
                    >
                      Restore
                    </Button>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
          {currentData.versions.length > 1 && (
            <Typography variant="caption" color="text.secondary">
              Earlier versions are kept for {currentData.retentionDays} days after they are
              replaced.
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
