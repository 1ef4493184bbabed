import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PeopleScope } from '../../../protocol';
import { useAddPersonMutation } from './peopleApi';
import { SecretShownOnce } from './SecretShownOnce';
import { useAdminAction } from './useAdminAction';
import { WorldAccessRows, type WorldRole } from './WorldAccessRows';

/**
 * Add a person: email, name, worlds. The server makes a temporary password,
 * shown here once; the first sign-in asks them to choose their own. An
 * email that already has an account is given the chosen worlds instead.
 */
export function AddPersonDialog({
  open,
  onClose,
  scope,
  worlds,
}: {
  open: boolean;
  onClose: () => void;
  scope: PeopleScope;
  worlds: { world_id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [addPerson] = useAddPersonMutation();
  const { run, busy, say } = useAdminAction();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const initialRoles = (): Record<string, WorldRole> =>
    scope.kind === 'world' ? { [scope.world_id]: 'member' } : {};
  const [roles, setRoles] = useState<Record<string, WorldRole>>(initialRoles);
  const [made, setMade] = useState<{ email: string; password: string } | null>(null);

  function close() {
    setEmail('');
    setName('');
    setRoles(initialRoles());
    setMade(null);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const granted = Object.entries(roles).filter(([, role]) => role !== 'none');
    const answer = await run(() =>
      addPerson({
        email: email.trim(),
        name: name.trim() || undefined,
        worlds: granted.map(([world_id, role]) => ({ world_id, is_admin: role === 'admin' })),
      }),
    );
    if (!answer) return;
    if (answer.temporary_password)
      setMade({ email: answer.person.email, password: answer.temporary_password });
    else {
      say(
        t('{{email}} already had an account: it may now enter the chosen worlds', {
          email: answer.person.email,
        }),
      );
      close();
    }
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-person-title">
      <DialogTitle id="add-person-title">{t('Add a person')}</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                <Trans
                  i18nKey="The account <strong>{{email}}</strong> was created."
                  values={{ email: made.email }}
                  components={{ strong: <strong /> }}
                />
              </Typography>
              <SecretShownOnce
                title={t('Temporary password')}
                copyLabel={t('Copy temporary password')}
                secret={made.password}
              >
                <div>{t('At the first sign-in they choose a password of their own.')}</div>
              </SecretShownOnce>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              {t('Done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2}>
              <TextField
                label={t('Email')}
                type="email"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                helperText={t('Someone who already has an account is given the worlds below.')}
              />
              <TextField
                label={t('Name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                helperText={t('Optional: the part of the email before @ otherwise.')}
              />
              <Typography variant="subtitle2" component="h3">
                {t('Worlds')}
              </Typography>
              <WorldAccessRows
                worlds={worlds}
                roleOf={(id) => roles[id] ?? 'none'}
                onChange={(id, role) => setRoles((r) => ({ ...r, [id]: role }))}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('Cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy || !email.trim()}>
              {t('Add')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
