import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinEnrolmentResponse } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { qrCodeDataUrl } from './qrCode';
import { SettingsSection } from './SettingsSection';
import {
  useConfirmPinMutation,
  useDisablePinMutation,
  useStartPinEnrolmentMutation,
} from './settingsApi';

/** A six-digit code, as the field accepts it (spaces allowed, as apps group the digits). */
const codeField = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 9,
} as const;

/**
 * The PIN (a TOTP code) asked for at sign-in: set up by scanning a QR code
 * or typing the secret into an authenticator app, and switched on only once
 * a code from that app proves it works; switched off with a current code.
 */
export function PinSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      id="settings-pin"
      title={t('PIN (authenticator code)')}
      description={
        enabled
          ? t('On: signing in asks for the code your authenticator app shows.')
          : t('Off: add a code from an authenticator app to signing in.')
      }
    >
      {enabled ? <SwitchOff /> : <Enrol />}
    </SettingsSection>
  );
}

function Enrol() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [start, starting] = useStartPinEnrolmentMutation();
  const [confirm, confirming] = useConfirmPinMutation();
  const [enrolment, setEnrolment] = useState<PinEnrolmentResponse | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enrolment) return;
    let live = true;
    qrCodeDataUrl(enrolment.uri).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [enrolment]);

  const begin = async () => {
    setError(null);
    try {
      setEnrolment(await start().unwrap());
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setError(null);
    try {
      await confirm({ code: code.trim() }).unwrap();
      dispatch(flashShown(t('PIN switched on'), 'success'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  if (!enrolment)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {error && <Alert severity="error">{error}</Alert>}
        <Button variant="outlined" onClick={() => void begin()} disabled={starting.isLoading}>
          {t('Set up a PIN')}
        </Button>
      </Stack>
    );

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)}>
      <Typography variant="body2">
        {t(
          'Scan this code with an authenticator app, or type the secret into it. Then enter the six-digit code the app shows.',
        )}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box
          sx={{ width: 184, height: 184, bgcolor: '#fff', borderRadius: 1, p: 0.5, flexShrink: 0 }}
        >
          {qr && (
            <img
              src={qr}
              width={176}
              height={176}
              alt={t('QR code of the PIN secret, for an authenticator app')}
            />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" id="pin-secret-label">
            {t('Secret')}
          </Typography>
          <Typography
            component="code"
            aria-labelledby="pin-secret-label"
            data-testid="pin-secret"
            sx={{ fontFamily: 'monospace', fontSize: 16, overflowWrap: 'anywhere' }}
          >
            {enrolment.secret}
          </Typography>
        </Box>
      </Stack>
      <TextField
        label={t('Code from the app')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: codeField }}
        sx={{ maxWidth: 240 }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!code.trim() || confirming.isLoading}>
          {t('Switch on PIN')}
        </Button>
        <Button onClick={() => setEnrolment(null)}>{t('Cancel')}</Button>
      </Stack>
    </Stack>
  );
}

function SwitchOff() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [disable, disabling] = useDisablePinMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setError(null);
    try {
      await disable({ code: code.trim() }).unwrap();
      dispatch(flashShown(t('PIN switched off'), 'success'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)}>
      <TextField
        label={t('Current code from the app')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: codeField }}
        sx={{ maxWidth: 240 }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button
          type="submit"
          variant="outlined"
          color="error"
          disabled={!code.trim() || disabling.isLoading}
        >
          {t('Switch off PIN')}
        </Button>
      </Box>
    </Stack>
  );
}
