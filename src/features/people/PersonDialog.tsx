import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Person, PeopleScope } from '../../../protocol';
import { DeletePersonDialog } from './DeletePersonDialog';
import {
  useGrantPersonWorldMutation,
  useResetPersonPasswordMutation,
  useRevokePersonWorldMutation,
  useSetPersonDisabledMutation,
  useSetPersonGlobalAdminMutation,
  useSetPersonPinMutation,
} from './peopleApi';
import { PersonStatus } from './PersonStatus';
import { SecretShownOnce } from './SecretShownOnce';
import { useAdminAction } from './useAdminAction';
import { WorldAccessRows, type WorldRole } from './WorldAccessRows';

type Shown = { kind: 'password'; secret: string } | { kind: 'pin'; secret: string; uri: string };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * One person: their worlds, and what an administrator may do to the account
 * (disable, reset the password, require a PIN, make global admin, delete).
 * Each change is made at once on the server; secrets it returns show once.
 */
export function PersonDialog({
  person,
  scope,
  worlds,
  isSelf,
  onClose,
}: {
  person: Person;
  scope: PeopleScope;
  worlds: { world_id: string; name: string }[];
  isSelf: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useAdminAction();
  const [setDisabled] = useSetPersonDisabledMutation();
  const [resetPassword] = useResetPersonPasswordMutation();
  const [setPin] = useSetPersonPinMutation();
  const [setGlobal] = useSetPersonGlobalAdminMutation();
  const [grant] = useGrantPersonWorldMutation();
  const [revoke] = useRevokePersonWorldMutation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [deleting, setDeleting] = useState(false);
  const id = person.id;
  const locked = !person.manageable;

  const roleOf = (worldId: string): WorldRole => {
    const w = person.worlds.find((x) => x.world_id === worldId);
    return !w ? 'none' : w.is_admin ? 'admin' : 'member';
  };
  async function changeRole(world: string, role: WorldRole) {
    if (role === 'none')
      await run(
        () => revoke({ id, world }),
        t('{{email}} may no longer enter {{world}}', { email: person.email, world }),
      );
    else
      await run(
        () => grant({ id, world, isAdmin: role === 'admin' }),
        role === 'admin'
          ? t('{{email}} may enter {{world}} as an administrator', { email: person.email, world })
          : t('{{email}} may enter {{world}}', { email: person.email, world }),
      );
  }

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="person-title">
        <DialogTitle id="person-title">
          {person.name}
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {isSelf ? t('{{name}} (you)', { name: person.email }) : person.email}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <PersonStatus person={person} />
            {shown?.kind === 'password' && (
              <SecretShownOnce
                title={t('Temporary password')}
                copyLabel={t('Copy temporary password')}
                secret={shown.secret}
              >
                <div>
                  {t('Their sessions ended. At the next sign-in they choose a new password.')}
                </div>
              </SecretShownOnce>
            )}
            {shown?.kind === 'pin' && (
              <SecretShownOnce
                title={t('PIN secret')}
                copyLabel={t('Copy pin secret')}
                secret={shown.secret}
              >
                <div>
                  <Trans
                    i18nKey="They add it to an authenticator app (or scan <code>{{uri}}</code> as a QR code); sign-in then asks for its six-digit code."
                    values={{ uri: shown.uri }}
                    components={{ code: <code /> }}
                  />
                </div>
              </SecretShownOnce>
            )}
            <Section title={t('Worlds')}>
              <WorldAccessRows
                worlds={worlds}
                roleOf={roleOf}
                onChange={changeRole}
                disabled={busy}
              />
            </Section>
            <Divider />
            <Section title={t('Account')}>
              {locked && (
                <Alert severity="info">
                  {t(
                    'This account is also in other worlds (or administers them all): only a global administrator may change the account itself.',
                  )}
                </Alert>
              )}
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  color={person.disabled ? 'primary' : 'warning'}
                  disabled={busy || locked || isSelf}
                  onClick={() =>
                    run(
                      () => setDisabled({ id, disabled: !person.disabled }),
                      person.disabled
                        ? t('{{email}} may sign in again', { email: person.email })
                        : t('{{email}} is disabled; their sessions ended', { email: person.email }),
                    )
                  }
                >
                  {person.disabled ? t('Enable account') : t('Disable account')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={busy || locked}
                  onClick={async () => {
                    const answer = await run(() => resetPassword(id));
                    if (answer?.temporary_password)
                      setShown({ kind: 'password', secret: answer.temporary_password });
                  }}
                >
                  {t('Reset password')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={busy || locked}
                  onClick={async () => {
                    const answer = await run(
                      () => setPin({ id, required: !person.pin }),
                      person.pin
                        ? t('{{email}} no longer needs a PIN', { email: person.email })
                        : undefined,
                    );
                    if (answer?.totp) setShown({ kind: 'pin', ...answer.totp });
                  }}
                >
                  {person.pin ? t('Stop requiring PIN') : t('Require PIN')}
                </Button>
              </Stack>
              {scope.kind === 'global' && (
                <FormControlLabel
                  control={
                    <Switch
                      checked={person.global_admin}
                      disabled={busy || isSelf}
                      onChange={(e) =>
                        run(
                          () => setGlobal({ id, globalAdmin: e.target.checked }),
                          e.target.checked
                            ? t('{{email}} administers every account and world', {
                                email: person.email,
                              })
                            : t('{{email}} is no longer a global administrator', {
                                email: person.email,
                              }),
                        )
                      }
                    />
                  }
                  label={t('Global administrator (every account and world)')}
                />
              )}
            </Section>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button
            color="error"
            disabled={busy || locked || isSelf}
            onClick={() => setDeleting(true)}
          >
            {t('Delete account…')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('Close')}
          </Button>
        </DialogActions>
      </Dialog>
      {deleting && (
        <DeletePersonDialog
          person={person}
          onClose={(deleted) => {
            setDeleting(false);
            if (deleted) onClose();
          }}
        />
      )}
    </>
  );
}
