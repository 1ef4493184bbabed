import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

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
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="clear-console-title"
      aria-describedby="clear-console-text"
    >
      <DialogTitle id="clear-console-title">Clear the console?</DialogTitle>
      <DialogContent>
        <DialogContentText id="clear-console-text">
          Every message of this world&apos;s console is deleted for everyone. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          Clear Console
        </Button>
      </DialogActions>
    </Dialog>
  );
}
