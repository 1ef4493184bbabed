import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVTOOLS_MAX_AGE_LIMITS, type DevToolsPreferences } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { parseRemoteTarget } from '../../store/devtools';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import {
  readRemoteDevTools,
  rememberDevToolsPreferences,
  rememberRemoteDevTools,
} from './devToolsStorage';
import { SettingsSection } from './SettingsSection';
import { useUpdateSettingsMutation } from './settingsApi';

/** A remote target the store can use: empty (none), 'off', or host:port. */
export function remoteTargetValid(text: string): boolean {
  const t = text.trim();
  return t === '' || t === 'off' || parseRemoteTarget(t) !== null;
}

/**
 * Redux DevTools (README "Developers: Redux DevTools"): history length and
 * hidden heartbeats are the account's; the remote monitor is this browser's.
 * The store reads them when the page starts, so they apply after a reload.
 */
export function DevToolsSection({ devtools }: { devtools: DevToolsPreferences }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update, saving] = useUpdateSettingsMutation();
  const [maxAge, setMaxAge] = useState(String(devtools.maxAge));
  const [hideHeartbeats, setHideHeartbeats] = useState(devtools.hideHeartbeats);
  const [remote, setRemote] = useState(readRemoteDevTools);
  const [saved, setSaved] = useState(false);

  const age = Number(maxAge);
  const ageValid =
    Number.isInteger(age) &&
    age >= DEVTOOLS_MAX_AGE_LIMITS.min &&
    age <= DEVTOOLS_MAX_AGE_LIMITS.max;
  const remoteValid = remoteTargetValid(remote);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ageValid || !remoteValid) return;
    try {
      const next = { maxAge: age, hideHeartbeats };
      await update({ devtools: next }).unwrap();
      rememberDevToolsPreferences(next);
      rememberRemoteDevTools(remote);
      setSaved(true);
    } catch (err) {
      dispatch(flashShown(errorMessage(err), 'error'));
    }
  };

  return (
    <SettingsSection
      id="settings-devtools"
      title={t('Developer tools')}
      description={t('Redux DevTools: what the browser extension or a remote monitor is sent.')}
    >
      <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)} sx={{ maxWidth: 420 }}>
        <TextField
          label={t('Actions kept in history')}
          type="number"
          value={maxAge}
          onChange={(e) => {
            setMaxAge(e.target.value);
            setSaved(false);
          }}
          error={!ageValid}
          helperText={
            ageValid
              ? t('Default 5000')
              : t('A whole number from {{min}} to {{max}}', {
                  min: DEVTOOLS_MAX_AGE_LIMITS.min,
                  max: DEVTOOLS_MAX_AGE_LIMITS.max,
                })
          }
          slotProps={{
            htmlInput: { min: DEVTOOLS_MAX_AGE_LIMITS.min, max: DEVTOOLS_MAX_AGE_LIMITS.max },
          }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={hideHeartbeats}
              onChange={(e) => {
                setHideHeartbeats(e.target.checked);
                setSaved(false);
              }}
            />
          }
          label={t('Hide heartbeat actions')}
        />
        <TextField
          label={t('Remote monitor (this browser only)')}
          placeholder="localhost:8000"
          value={remote}
          onChange={(e) => {
            setRemote(e.target.value);
            setSaved(false);
          }}
          error={!remoteValid}
          helperText={
            remoteValid
              ? t('host:port of npm run devtools; empty for none')
              : t('Write it as host:port, for example localhost:8000')
          }
        />
        {saved && (
          <Alert
            severity="success"
            role="status"
            action={
              <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                {t('Reload now')}
              </Button>
            }
          >
            {t('Saved. They apply when the page is reloaded.')}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="outlined"
            disabled={!ageValid || !remoteValid || saving.isLoading}
          >
            {t('Save developer tools')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
