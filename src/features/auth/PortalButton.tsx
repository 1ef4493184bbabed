import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { UserSessionResponse } from '../../../protocol';
import { safeNextPath } from '../../../protocol/paths';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { useCheckUserMutation } from './authApi';
import { selectLoginUrl } from './authSlice';

/** 'Sign in with Portal': goes to the server's login URL with '/login' appended (SPEC §2). */
export function PortalButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const knownLoginUrl = useAppSelector(selectLoginUrl);
  const [checkUser] = useCheckUserMutation();
  const [params] = useSearchParams();
  const [redirecting, setRedirecting] = useState(false);

  async function signIn() {
    setRedirecting(true);
    let loginUrl = knownLoginUrl;
    if (!loginUrl) {
      const result = await checkUser();
      const body = (result.data ??
        (result.error as { data?: UserSessionResponse } | undefined)?.data) as
        UserSessionResponse | undefined;
      const status = result.error && 'status' in result.error ? result.error.status : 200;
      if (typeof status !== 'number') {
        dispatch(flashShown(t('Error connecting to authentication service'), 'error'));
        setRedirecting(false);
        return;
      }
      loginUrl = body?.login_url ?? null;
    }
    if (!loginUrl) {
      dispatch(flashShown(t('SSO login URL not available'), 'warning'));
      setRedirecting(false);
      return;
    }
    const next = safeNextPath(params.get('next'));
    window.location.assign(`${loginUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  }

  if (redirecting) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={20} />
        <Typography>{t('Connecting to authentication service...')}</Typography>
      </Stack>
    );
  }
  return (
    <Button variant="contained" size="large" onClick={signIn}>
      {t('Sign in with Portal')}
    </Button>
  );
}
