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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
import { formatMediumDateTime } from '../../../i18n/format';

/** Size · made (by whom) · replaced (by whom): facts side by side, each in the current language. */
function describe(v: FileVersion, t: TFunction): string {
  const made = formatMediumDateTime(v.CreatedAt) || v.CreatedAt;
  const facts = [
    formatSize(v.Size),
    v.CreatedBy ? t('{{when}} by {{name}}', { when: made, name: v.CreatedBy }) : made,
  ];
  if (v.ReplacedAt) {
    const replaced = formatMediumDateTime(v.ReplacedAt) || v.ReplacedAt;
    facts.push(
      v.ReplacedBy
        ? t('replaced {{when}} by {{name}}', { when: replaced, name: v.ReplacedBy })
        : t('replaced {{when}}', { when: replaced }),
    );
  }
  return facts.join(' · ');
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
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { currentData, error } = useFileVersionsQuery({ drive, path });
  const [restore, restoring] = useRestoreVersionMutation();
  const restored = async (version: number) => {
    const result = await restore({ drive, path, version });
    dispatch(
      'error' in result
        ? flashShown(
            t('Restore failed: {{error}}', { error: driveErrorText(result.error) }),
            'error',
          )
        : flashShown(t('Version {{version}} is the current version again', { version }), 'success'),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="versions-title">
      <Typography id="versions-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('Versions')}
      </Typography>
      {error ? (
        <Alert severity="error">
          {t('Failed to load versions: {{error}}', { error: driveErrorText(error) })}
        </Alert>
      ) : !currentData ? null : (
        <>
          <List dense disablePadding aria-label={t('Versions of {{path}}', { path })}>
            {currentData.versions.map((v) => (
              <ListItem key={v.Version} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ minWidth: 200, flex: '1 1 240px' }}
                  primary={
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                      <span>{t('Version {{version}}', { version: v.Version })}</span>
                      {v.Current && <Chip size="small" color="primary" label={t('Current')} />}
                    </Stack>
                  }
                  secondary={describe(v, t)}
                />
                <Stack direction="row" sx={{ gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    href={versionDownloadUrl(drive, path, v.Version, worldId)}
                    download
                    aria-label={t('Download version {{version}}', { version: v.Version })}
                  >
                    {t('Download')}
                  </Button>
                  {canRestore && !v.Current && (
                    <Button
                      size="small"
                      startIcon={<RestoreIcon />}
                      disabled={restoring.isLoading}
                      onClick={() => void restored(v.Version)}
                      aria-label={t('Restore version {{version}}', { version: v.Version })}
                    >
                      {t('Restore')}
                    </Button>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
          {currentData.versions.length > 1 && (
            <Typography variant="caption" color="text.secondary">
              {t('Earlier versions are kept for {{days}} days after they are replaced.', {
                days: currentData.retentionDays,
              })}
            </Typography>
          )}
        </>
      )}
    </Paper>
  );
}
