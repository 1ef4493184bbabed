import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { t } from '../../i18n/i18n';
import { SettingsSection } from './SettingsSection';
import { useChangePasswordMutation } from './settingsApi';

/** What the person is told after a change: signed-out sessions counted. */
export function passwordChangedText(sessionsEnded: number): string {
  if (sessionsEnded === 0) return t('Password changed.');
  return t('Password changed. {{count}} other sessions were signed out.', {
    count: sessionsEnded,
  });
}

/** Current and new password; the server ends every other session of the account. */
export function PasswordSection({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [change, changing] = useChangePasswordMutation();

  const tooShort = next.length > 0 && next.length < PASSWORD_MIN;
  const mismatch = repeat.length > 0 && repeat !== next;
  const ready = current.length > 0 && next.length >= PASSWORD_MIN && repeat === next;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setOutcome(null);
    try {
      const res = await change({ current_password: current, new_password: next }).unwrap();
      setCurrent('');
      setNext('');
      setRepeat('');
      setOutcome({ ok: true, text: passwordChangedText(res.sessions_ended) });
    } catch (err) {
      setOutcome({ ok: false, text: errorMessage(err) });
    }
  };

  if (!hasPassword)
    return (
      <SettingsSection id="settings-password" title={t('Password')}>
        <Alert severity="info">
          {t('You sign in through single sign-on; this account has no password here.')}
        </Alert>
      </SettingsSection>
    );

  return (
    <SettingsSection
      id="settings-password"
      title={t('Password')}
      description={t('Changing it signs you out everywhere else; this browser stays signed in.')}
    >
      <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)} sx={{ maxWidth: 420 }}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <TextField
          label={t('Current password')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('New password')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={tooShort}
          helperText={t('At least {{min}} characters', { min: PASSWORD_MIN })}
        />
        <TextField
          label={t('Repeat the new password')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={mismatch}
          helperText={mismatch ? t('The two new passwords differ') : ' '}
        />
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={!ready || changing.isLoading}>
            {changing.isLoading ? t('Changing...') : t('Change password')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
