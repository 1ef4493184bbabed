import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DriveActionDialog, type DriveDialog } from '../manage/DriveActionDialog';
import { folderOf } from '../manage/selection';

/**
 * An administrator's actions on the file picked in the finder, and on the
 * folder it sits in: rename or move, retag, delete (with Undo).
 */
export function FinderAdminActions({
  drive,
  path,
  tags,
  onGone,
}: {
  drive: string;
  path: string;
  tags: string[];
  /** The file moved or went: the finder lets go of it. */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<DriveDialog | null>(null);
  const folder = folderOf(path);
  const file = { paths: [path], folders: [] };
  return (
    <Box
      role="toolbar"
      aria-label={t('Manage file')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
    >
      <Button
        size="small"
        startIcon={<DriveFileMoveIcon />}
        onClick={() => setDialog({ kind: 'move', from: path, folder: false })}
      >
        {t('Rename or move')}
      </Button>
      <Button
        size="small"
        startIcon={<LabelIcon />}
        onClick={() => setDialog({ kind: 'retag', selection: file, tags })}
      >
        {t('Retag')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={() => setDialog({ kind: 'delete', selection: file })}
      >
        {t('Delete')}
      </Button>
      {folder && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', width: '100%' }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('Folder {{folder}}/:', { folder })}
          </Typography>
          <Button
            size="small"
            onClick={() => setDialog({ kind: 'move', from: folder, folder: true })}
          >
            {t('Rename or move folder')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() =>
              setDialog({ kind: 'delete', selection: { paths: [], folders: [folder] } })
            }
          >
            {t('Delete folder')}
          </Button>
        </Box>
      )}
      <DriveActionDialog
        drive={drive}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          if (dialog?.kind !== 'retag') onGone();
        }}
      />
    </Box>
  );
}
