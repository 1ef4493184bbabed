import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { useCreateDriveMutation, useRenameDriveMutation } from '../../drives/driveAdminApi';
import { driveErrorText } from '../../drives/drivesApi';
import { flashShown } from '../../flash/flashSlice';

/** New drive (no `drive`) or Rename drive: one name, unique in the world; a refusal keeps what was typed. */
export function DriveNameDialog({
  open,
  drive,
  onClose,
}: {
  open: boolean;
  drive?: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="drive-name-title"
    >
      {open && <Body drive={drive} onClose={onClose} />}
    </Dialog>
  );
}

function Body({ drive, onClose }: { drive?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(drive ?? '');
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateDriveMutation();
  const [rename, renaming] = useRenameDriveMutation();
  const busy = creating.isLoading || renaming.isLoading;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim();
    if (!wanted || busy) return;
    const result = drive ? await rename({ drive, name: wanted }) : await create({ name: wanted });
    if ('error' in result) {
      setError(driveErrorText(result.error));
      return;
    }
    dispatch(
      flashShown(
        drive
          ? t('Drive renamed to {{name}}', { name: wanted })
          : t('Drive {{name}} created', { name: wanted }),
        'success',
      ),
    );
    onClose();
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <DialogTitle id="drive-name-title">
        {drive ? t('Rename drive {{drive}}', { drive }) : t('New drive')}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('Drive name')}
          value={name}
          error={error !== null}
          helperText={error ?? t('Unique in this world; no "/"')}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
          {drive ? t('Rename') : t('Create')}
        </Button>
      </DialogActions>
    </form>
  );
}
