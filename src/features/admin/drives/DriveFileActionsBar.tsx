import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DriveDialog } from '../../drives/manage/DriveActionDialog';

/**
 * What an administrator can do with the files picked in the table: rename
 * or move (one file), retag, delete; each opens its dialog.
 */
export function SelectionActions({
  paths,
  tagsOf,
  onDialog,
  onClear,
}: {
  paths: string[];
  /** The current tags of a picked file (a single file's tags are edited as they are). */
  tagsOf: (path: string) => string[];
  onDialog: (dialog: DriveDialog) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (paths.length === 0) return null;
  const selection = { paths, folders: [] };
  const one = paths.length === 1 ? paths[0]! : null;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={t('Selected files')}
      sx={{ p: 1, mb: 1, bgcolor: 'action.hover' }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ mr: 1 }}>
          {t('{{number}} selected', { number: paths.length })}
        </Typography>
        {one && (
          <Button
            size="small"
            startIcon={<DriveFileMoveIcon />}
            onClick={() => onDialog({ kind: 'move', from: one, folder: false })}
          >
            {t('Rename or move')}
          </Button>
        )}
        <Button
          size="small"
          startIcon={<LabelIcon />}
          onClick={() =>
            onDialog({ kind: 'retag', selection, ...(one ? { tags: tagsOf(one) } : {}) })
          }
        >
          {t('Retag')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDialog({ kind: 'delete', selection })}
        >
          {t('Delete')}
        </Button>
        <Button size="small" color="inherit" onClick={onClear}>
          {t('Clear selection')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The folder being shown, with what can be done to all of it, and the way back to every file. */
export function FolderActions({
  folder,
  onDialog,
  onLeave,
}: {
  folder: string;
  onDialog: (dialog: DriveDialog) => void;
  onLeave: (parent: string) => void;
}) {
  const { t } = useTranslation();
  if (!folder) return null;
  const parent = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
  const selection = { paths: [], folders: [folder] };
  return (
    <Paper variant="outlined" role="toolbar" aria-label={t('Folder')} sx={{ p: 1, mb: 1 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FolderOpenIcon color="action" fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere', mr: 1 }}>
          {folder}/
        </Typography>
        <Button size="small" onClick={() => onLeave(parent)}>
          {parent ? t('Up to {{folder}}', { folder: parent }) : t('All files')}
        </Button>
        <Button
          size="small"
          startIcon={<DriveFileMoveIcon />}
          onClick={() => onDialog({ kind: 'move', from: folder, folder: true })}
        >
          {t('Rename or move folder')}
        </Button>
        <Button
          size="small"
          startIcon={<LabelIcon />}
          onClick={() => onDialog({ kind: 'retag', selection })}
        >
          {t('Retag folder')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => onDialog({ kind: 'delete', selection })}
        >
          {t('Delete folder')}
        </Button>
      </Stack>
    </Paper>
  );
}
