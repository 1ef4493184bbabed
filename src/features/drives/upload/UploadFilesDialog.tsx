import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { authenticationFailed } from '../../auth/authActions';
import { selectActiveWorld } from '../../auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { DropZone } from './DropZone';
import { UploadList } from './UploadList';
import { uploadFile } from './uploadFile';
import {
  inBatches,
  itemsToSend,
  withFilesAdded,
  withItemChanged,
  type UploadItem,
} from './uploadItems';

/** Files sent at the same time; each has its own request and progress bar. */
const PARALLEL_UPLOADS = 3;

export interface UploadFilesDialogProps {
  open: boolean;
  /** The drive the files go to. */
  drive: string;
  onClose: () => void;
  /** Called once every listed file is uploaded, just before the dialog closes. */
  onUploaded?: () => void;
}

/** The Upload Files dialog (SPEC §2 "Modals"); its list starts empty each time it opens. */
/** How long the completed progress bars stay on screen before the dialog closes. */
const SHOW_DONE_MS = 500;

export function UploadFilesDialog({ open, drive, onClose, onUploaded }: UploadFilesDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="upload-title">
      {open && <UploadFilesBody drive={drive} onClose={onClose} onUploaded={onUploaded} />}
    </Dialog>
  );
}

function UploadFilesBody({ drive, onClose, onUploaded }: Omit<UploadFilesDialogProps, 'open'>) {
  const dispatch = useAppDispatch();
  const worldId = useAppSelector(selectActiveWorld);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Closing the dialog (or leaving the page) stops the uploads still running.
  useEffect(() => () => abort.current?.abort(), []);

  const change = (id: string, patch: Partial<UploadItem>) =>
    setItems((list) => withItemChanged(list, id, patch));

  const upload = async () => {
    const todo = itemsToSend(items);
    if (busy || todo.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    let sent = 0;
    await inBatches(todo, PARALLEL_UPLOADS, async (item) => {
      change(item.id, { status: 'uploading', progress: 0, error: undefined });
      const outcome = await uploadFile({
        drive,
        file: item.file,
        worldId,
        signal: controller.signal,
        onProgress: (progress) => change(item.id, { progress }),
      });
      if (outcome.ok) {
        sent += 1;
        change(item.id, { status: 'uploaded', progress: 100 });
      } else {
        change(item.id, { status: 'error', error: outcome.error });
        if (outcome.status === 401) dispatch(authenticationFailed());
      }
    });
    if (controller.signal.aborted) return;
    setBusy(false);
    const before = items.filter((i) => i.status === 'uploaded').length;
    if (before + sent === items.length) {
      onUploaded?.();
      // Let the finished bars show 100% for a moment before the dialog goes.
      await new Promise((resolve) => setTimeout(resolve, SHOW_DONE_MS));
      if (!controller.signal.aborted) onClose();
    }
  };

  return (
    <>
      <DialogTitle id="upload-title" sx={{ pr: 6 }}>
        Upload Files to {drive}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <DropZone
          disabled={busy}
          onFiles={(files) => setItems((list) => withFilesAdded(list, files))}
        />
        <UploadList
          items={items}
          busy={busy}
          onRemove={(id) => setItems((list) => list.filter((i) => i.id !== id))}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={busy || itemsToSend(items).length === 0}
        >
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </>
  );
}
