import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeSelection, splitTagList, type DriveSelection } from './selection';
import { useDriveFileActions } from './useDriveFileActions';

/** Which dialog an administrator opened, with what it acts on. */
export type DriveDialog =
  | { kind: 'delete'; selection: DriveSelection }
  | { kind: 'move'; from: string; folder: boolean }
  /** `tags`: the current tags of a single file (edited as they are); absent: add and remove. */
  | { kind: 'retag'; selection: DriveSelection; tags?: string[] };

/**
 * The confirmation of a deletion, the new path of a move, the tags of a
 * retag: one dialog at a time. It closes once the server agreed; on a
 * refusal it stays open (the flash says why), nothing typed is lost.
 */
export function DriveActionDialog({
  drive,
  dialog,
  onClose,
  onDone,
}: {
  drive: string;
  dialog: DriveDialog | null;
  onClose: () => void;
  /** After a change went through (a selection is cleared, say). */
  onDone?: () => void;
}) {
  return (
    <Dialog
      open={dialog !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="drive-action-title"
    >
      {dialog && (
        <DialogBody
          // A new dialog starts from its own values.
          key={JSON.stringify(dialog)}
          drive={drive}
          dialog={dialog}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

function DialogBody({
  drive,
  dialog,
  onClose,
  onDone,
}: {
  drive: string;
  dialog: DriveDialog;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const actions = useDriveFileActions(drive);
  const [busy, setBusy] = useState(false);
  const [to, setTo] = useState(dialog.kind === 'move' ? dialog.from : '');
  const [tags, setTags] = useState(dialog.kind === 'retag' ? (dialog.tags ?? []).join(', ') : '');
  const [removeTags, setRemoveTags] = useState('');

  const run = async (work: () => Promise<boolean>) => {
    setBusy(true);
    const ok = await work();
    setBusy(false);
    if (ok) {
      onDone?.();
      onClose();
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (dialog.kind === 'delete') void run(() => actions.deleted(dialog.selection));
    else if (dialog.kind === 'move') {
      const target = to.trim().replace(/\/+$/, '');
      if (target) void run(() => actions.moved(dialog.from, target, dialog.folder));
    } else if (dialog.tags !== undefined) {
      void run(() => actions.retagged(dialog.selection, { set: splitTagList(tags) }));
    } else {
      void run(() =>
        actions.retagged(dialog.selection, {
          add: splitTagList(tags),
          remove: splitTagList(removeTags),
        }),
      );
    }
  };

  let title: string;
  let confirm: string;
  let body;
  if (dialog.kind === 'delete') {
    const what = describeSelection(dialog.selection);
    title = t('Delete {{what}}?', { what });
    confirm = t('Delete');
    body = (
      <DialogContentText>
        {dialog.selection.folders.length > 0
          ? t('Every file in the folder goes, with its versions.')
          : t('The files go, with their versions.')}{' '}
        {t(
          'Workspaces they are attached to lose them too. Undo in the message that follows brings everything back; deleted files are kept for a while before they are removed for good.',
        )}
      </DialogContentText>
    );
  } else if (dialog.kind === 'move') {
    title = dialog.folder
      ? t('Rename or move folder "{{from}}"', { from: dialog.from })
      : t('Rename or move "{{from}}"', { from: dialog.from });
    confirm = t('Move');
    body = (
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={dialog.folder ? t('New folder path') : t('New path')}
        helperText={
          dialog.folder
            ? t('Every file in the folder moves with it; workspaces follow.')
            : t('Folders are part of the path (reports/2024/summary.pdf); workspaces follow.')
        }
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
    );
  } else {
    title = t('Tags of {{what}}', { what: describeSelection(dialog.selection) });
    confirm = t('Save tags');
    body =
      dialog.tags !== undefined ? (
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('Tags')}
          helperText={t('Separated by commas')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
      ) : (
        <Stack sx={{ gap: 1 }}>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('Add tags')}
            helperText={t('Separated by commas')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
          <TextField
            fullWidth
            margin="dense"
            label={t('Remove tags')}
            helperText={t('Separated by commas')}
            value={removeTags}
            onChange={(e) => setRemoveTags(e.target.value)}
          />
        </Stack>
      );
  }
  return (
    <form onSubmit={submit}>
      <DialogTitle id="drive-action-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          color={dialog.kind === 'delete' ? 'error' : 'primary'}
          disabled={busy || (dialog.kind === 'move' && !to.trim())}
        >
          {confirm}
        </Button>
      </DialogActions>
    </form>
  );
}
