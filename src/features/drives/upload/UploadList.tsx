import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { UploadConflict } from '../../../../protocol';
import { FileSize } from '../../../components/FileSize';
import type { UploadItem } from './uploadItems';

function StatusIcon({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  if (item.status === 'uploaded') {
    return <CheckCircleIcon color="success" titleAccess={t('Uploaded')} />;
  }
  if (item.status === 'error') return <ErrorIcon color="error" titleAccess={t('Failed')} />;
  return <InsertDriveFileIcon color="action" />;
}

/** The chosen files, each with its size, progress bar and outcome. */
export function UploadList({
  items,
  busy,
  onRemove,
  onDecide,
}: {
  items: UploadItem[];
  busy: boolean;
  onRemove: (id: string) => void;
  /** Replace or Keep both for a file whose name the drive holds already. */
  onDecide?: (id: string, choice: UploadConflict) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <List dense aria-label={t('Files to upload')} sx={{ mt: 1 }}>
      {items.map((item) => (
        <ListItem
          key={item.id}
          disableGutters
          secondaryAction={
            !busy && item.status !== 'uploaded' && item.status !== 'uploading' ? (
              <IconButton
                edge="end"
                aria-label={t('Remove {{name}}', { name: item.name })}
                onClick={() => onRemove(item.id)}
              >
                <DeleteIcon />
              </IconButton>
            ) : undefined
          }
        >
          <ListItemIcon sx={{ minWidth: 36 }}>
            <StatusIcon item={item} />
          </ListItemIcon>
          <Box sx={{ flex: 1, minWidth: 0, pr: 5 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="body2" noWrap sx={{ flex: 1 }} title={item.name}>
                {item.name}
              </Typography>
              <FileSize bytes={item.size} color="text.secondary" />
            </Box>
            <LinearProgress
              variant="determinate"
              value={item.progress}
              color={
                item.status === 'error'
                  ? 'error'
                  : item.status === 'uploaded'
                    ? 'success'
                    : 'primary'
              }
              aria-label={t('Upload progress for {{name}}', { name: item.name })}
              sx={{ mt: 0.5 }}
            />
            {item.exists && item.status === 'idle' && (
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}
              >
                <Typography variant="caption" color="warning.main">
                  {t('Already in the drive:')}
                </Typography>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={item.ifTaken ?? null}
                  onChange={(_e, choice: UploadConflict | null) =>
                    choice && onDecide?.(item.id, choice)
                  }
                  aria-label={t('What to do with {{name}}', { name: item.name })}
                >
                  <ToggleButton value="replace">{t('Replace')}</ToggleButton>
                  <ToggleButton value="keepBoth">{t('Keep both')}</ToggleButton>
                </ToggleButtonGroup>
              </Box>
            )}
            {item.status === 'error' && (
              <Typography variant="caption" color="error" role="alert">
                {item.error}
              </Typography>
            )}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
