import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '../../api/baseApi';
import { useSignInMutation } from './authApi';
import { safeNextPath, type ErrorResponse } from '../../../protocol';
import { dashboardUrl } from '../../../protocol/paths';

/** The embedded sign-in portal at {login_url}/login (used when no OIDC provider is configured). */
export function PortalSignInPage() {
  const { t } = useTranslation();
  const [signIn, { isLoading }] = useSignInMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState<{ status: string; message: string } | null>(null);
  // An administrator set a temporary password: the server asks for a new one (issue 21).
  const [changing, setChanging] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (changing && newPassword !== repeated) {
      setFailure({ status: '', message: t('The two new passwords differ.') });
      return;
    }
    const result = await signIn({
      email,
      password,
      pin: pin || undefined,
      ...(changing ? { new_password: newPassword } : {}),
    });
    if ('error' in result && result.error) {
      const err = result.error as FetchBaseQueryError;
      const body = 'data' in err ? (err.data as ErrorResponse | undefined) : undefined;
      if (body?.password_change_required && !changing) {
        setChanging(body.error);
        return;
      }
      setFailure({ status: String('status' in err ? err.status : ''), message: errorMessage(err) });
      return;
    }
    const session = result.data;
    const asked = params.get('world');
    const world = session.accessible_worlds?.some((w) => w.world_id === asked)
      ? asked
      : session.active_world;
    navigate(safeNextPath(params.get('next')) ?? (world ? dashboardUrl(world) : '/404'), {
      replace: true,
    });
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper
        component="form"
        onSubmit={submit}
        variant="outlined"
        sx={{ p: 4, width: '100%', maxWidth: 420 }}
      >
        <Stack spacing={2.5}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('EMgen sign-in portal')}
          </Typography>
          <TextField
            label={t('Email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('Password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={t('PIN')}
            helperText={t('Optional — only if your account uses a one-time code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={pin}
            onChange={(e) => setPin(e.target.value)}
          />
          {changing && (
            <>
              <Alert severity="info">{changing}</Alert>
              <TextField
                label={t('New password')}
                type="password"
                autoComplete="new-password"
                required
                autoFocus
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
                helperText={t('At least {{min}} characters', { min: 8 })}
              />
              <TextField
                label={t('Repeat the new password')}
                type="password"
                autoComplete="new-password"
                required
                value={repeated}
                onChange={(e) => setRepeated(e.target.value)}
              />
            </>
          )}
          {failure &&
            (failure.status ? (
              <Alert severity="error">
                {t('HTTP error! status: {{status}}', { status: failure.status })}
                {failure.message !== failure.status && <div>{failure.message}</div>}
              </Alert>
            ) : (
              <Alert severity="error">{failure.message}</Alert>
            ))}
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            {changing ? t('Set password and sign in') : t('Sign in')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
