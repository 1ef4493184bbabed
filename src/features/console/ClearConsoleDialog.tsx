import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Clearing deletes every message of the world's console: asked first, Cancel focused. */
export function ClearConsoleDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="clear-console-title"
      aria-describedby="clear-console-text"
    >
      <DialogTitle id="clear-console-title">{t('Clear the console?')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="clear-console-text">
          {t(
            "Every message of this world's console is deleted for everyone. This cannot be undone.",
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          {t('Clear Console')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
