import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authenticationFailed } from '../../auth/authActions';
import { selectActiveWorld } from '../../auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { UPLOAD_CONFLICT_FIELD, type UploadConflict } from '../../../../protocol';
import { useExistingPathsMutation } from '../driveAdminApi';
import { DropZone } from './DropZone';
import { UploadList } from './UploadList';
import { uploadFile } from './uploadFile';
import {
  inBatches,
  itemsToSend,
  undecided,
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
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const worldId = useAppSelector(selectActiveWorld);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Closing the dialog (or leaving the page) stops the uploads still running.
  useEffect(() => () => abort.current?.abort(), []);

  const change = (id: string, patch: Partial<UploadItem>) =>
    setItems((list) => withItemChanged(list, id, patch));
  const [existing] = useExistingPathsMutation();
  const asking = undecided(items);
  const decideAll = (choice: UploadConflict) =>
    setItems((list) =>
      list.map((i) => (i.exists && i.ifTaken === undefined ? { ...i, ifTaken: choice } : i)),
    );

  const upload = async () => {
    let todo = itemsToSend(items);
    if (busy || todo.length === 0) return;
    // Names the drive holds already are asked about once: Replace or Keep both.
    const unasked = todo.filter((i) => i.exists === undefined);
    if (unasked.length > 0) {
      setBusy(true);
      const result = await existing({ drive, paths: unasked.map((i) => i.name) });
      setBusy(false);
      const taken = new Set('data' in result ? result.data : []);
      const marked = items.map((i) =>
        unasked.includes(i) ? { ...i, exists: taken.has(i.name) } : i,
      );
      setItems(marked);
      if (undecided(marked).length > 0) return;
      todo = itemsToSend(marked);
    }
    if (undecided(todo).length > 0) return;
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
        fields: item.exists && item.ifTaken ? { [UPLOAD_CONFLICT_FIELD]: item.ifTaken } : {},
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
        {t('Upload Files to {{drive}}', { drive })}
        <IconButton
          aria-label={t('Close')}
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
        {asking.length > 0 && (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Stack sx={{ gap: 0.5 }}>
                <Button color="inherit" size="small" onClick={() => decideAll('replace')}>
                  {t('Replace all')}
                </Button>
                <Button color="inherit" size="small" onClick={() => decideAll('keepBoth')}>
                  {t('Keep all')}
                </Button>
              </Stack>
            }
          >
            {asking.length === 1
              ? t('"{{name}}" is already in {{drive}}.', { name: asking[0]!.name, drive })
              : t('{{number}} files are already in {{drive}}.', {
                  number: asking.length,
                  drive,
                })}{' '}
            {t(
              'Replace keeps the old one as an earlier version; Keep both uploads under a new name.',
            )}
          </Alert>
        )}
        <UploadList
          items={items}
          busy={busy}
          onRemove={(id) => setItems((list) => list.filter((i) => i.id !== id))}
          onDecide={(id, choice) => change(id, { ifTaken: choice })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={busy || itemsToSend(items).length === 0 || asking.length > 0}
        >
          {busy ? t('Uploading...') : t('Upload')}
        </Button>
      </DialogActions>
    </>
  );
}
