import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Asks before a workspace is deleted (it can still be undone from the flash that follows). */
export function DeleteWorkspaceDialog({
  title,
  onCancel,
  onConfirm,
}: {
  /** The workspace's listed name; undefined: closed. */
  title: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={title !== undefined} onClose={onCancel} aria-labelledby="delete-workspace-title">
      <DialogTitle id="delete-workspace-title">{t('Delete workspace?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('“{{title}}” and its conversation will be deleted for everyone in it.', { title })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('Cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('Delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
