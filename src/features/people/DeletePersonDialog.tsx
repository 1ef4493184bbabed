import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { DELETE_ACCOUNT_CONSEQUENCES, type Person } from '../../../protocol';
import { useDeletePersonMutation } from './peopleApi';
import { useAdminAction } from './useAdminAction';

/** Deleting cannot be undone: it says what happens, and asks for the email typed again. */
export function DeletePersonDialog({
  person,
  onClose,
}: {
  person: Person;
  onClose: (deleted: boolean) => void;
}) {
  const [deletePerson] = useDeletePersonMutation();
  const { run, busy } = useAdminAction();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === person.email.toLowerCase();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const done = await run(
      () => deletePerson({ id: person.id, confirmEmail: typed }),
      `${person.email} was deleted`,
    );
    if (done) onClose(true);
  }

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="delete-person-title">
      <form onSubmit={submit}>
        <DialogTitle id="delete-person-title">Delete {person.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This cannot be undone. {DELETE_ACCOUNT_CONSEQUENCES} To keep the account but stop them
            signing in, disable it instead.
          </DialogContentText>
          <TextField
            label="Type their email to confirm"
            fullWidth
            autoFocus
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={!matches || busy}>
            Delete account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
