import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/i18n';
import { useAppDispatch, useAppStore } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { useSendSupportLogMutation } from './supportApi';

export const SUPPORT_LOG_SENT = tKey('Session log sent to the administrators of this world');

/** 'Send session log to support': the user's recent actions (redacted) and a note, to the world's admins. */
export function SendSupportLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [note, setNote] = useState('');
  const [send, { isLoading }] = useSendSupportLogMutation();

  const submit = async () => {
    try {
      await send({ note, log: store.actionLog.snapshot() }).unwrap();
      dispatch(flashShown(t(SUPPORT_LOG_SENT), 'success'));
      setNote('');
      onClose();
    } catch (err) {
      const text = (err as { data?: { error?: unknown } }).data?.error;
      dispatch(
        flashShown(typeof text === 'string' ? text : t('Could not send the session log'), 'error'),
      );
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('Send session log to support')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(
            'The administrators of this world will be able to replay what you did in this tab. Passwords, PINs, tokens and file contents are left out.',
          )}
        </DialogContentText>
        <TextField
          label={t('What happened?')}
          multiline
          minRows={3}
          fullWidth
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('Send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
