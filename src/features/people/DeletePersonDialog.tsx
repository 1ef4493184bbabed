import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DELETE_ACCOUNT_CONSEQUENCES, Person } from '../../../protocol';
import { tKey } from '../../i18n/i18n';
import { useDeletePersonMutation } from './peopleApi';
import { useAdminAction } from './useAdminAction';

/**
 * DELETE_ACCOUNT_CONSEQUENCES marked for translation; its type keeps it the
 * protocol's text word for word (the server says the same in its answer).
 */
const CONSEQUENCES = tKey(
  'Their sessions end at once. Workspaces they created stay in their worlds with no creator: shared ones stay open to the world, private ones to their other participants and the world’s administrators. Their messages stay in the transcripts.',
) satisfies typeof DELETE_ACCOUNT_CONSEQUENCES;

/** Deleting cannot be undone: it says what happens, and asks for the email typed again. */
export function DeletePersonDialog({
  person,
  onClose,
}: {
  person: Person;
  onClose: (deleted: boolean) => void;
}) {
  const { t } = useTranslation();
  const [deletePerson] = useDeletePersonMutation();
  const { run, busy } = useAdminAction();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === person.email.toLowerCase();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const done = await run(
      () => deletePerson({ id: person.id, confirmEmail: typed }),
      t('{{email}} was deleted', { email: person.email }),
    );
    if (done) onClose(true);
  }

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-person-title">
      <form onSubmit={submit}>
        <DialogTitle id="delete-person-title">
          {t('Delete {{email}}?', { email: person.email })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('This cannot be undone.')} {t(CONSEQUENCES)}{' '}
            {t('To keep the account but stop them signing in, disable it instead.')}
          </DialogContentText>
          <TextField
            label={t('Type their email to confirm')}
            fullWidth
            autoFocus
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>{t('Cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || busy}>
            {t('Delete account')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
