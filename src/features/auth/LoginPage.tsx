import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { SIGNED_IN_COOKIE } from '../../../protocol/constants';
import { readCookie } from '../../api/requestHeaders';
import { useSignOut } from './useSignOut';
import { useAppSelector } from '../../store/hooks';
import { PortalButton } from './PortalButton';
import { selectActiveWorld, selectAuthStatus, selectLoggedIn } from './authSlice';
import { useCheckUserMutation } from './authApi';
import { dashboardUrl } from '../../../protocol/paths';

/** Signed in, but no world is open to this account yet. */
function NoWorldYet() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Alert severity="info">
        {t(
          'You are signed in, but no world is open to your account yet. Ask an administrator to grant you access.',
        )}
      </Alert>
      <Button onClick={() => void signOut()}>{t('Sign Out')}</Button>
    </Stack>
  );
}

/** /login and /auth/login. Someone already signed in goes straight to their world. */
export function LoginPage() {
  const loggedIn = useAppSelector(selectLoggedIn);
  const activeWorld = useAppSelector(selectActiveWorld);
  const status = useAppSelector(selectAuthStatus);
  const [checkUser] = useCheckUserMutation();
  // A fresh load may already carry a session; find out, so a signed-in person goes to their world.
  // Only when the server's hint says there may be one: a signed-out visit makes no failing request.
  useEffect(() => {
    if (status === 'unknown' && readCookie(SIGNED_IN_COOKIE)) void checkUser();
  }, [status, checkUser]);
  if (loggedIn && activeWorld) return <Navigate to={dashboardUrl(activeWorld)} replace />;
  if (loggedIn) return <NoWorldYet />;
  return <PortalButton />;
}
