import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useAppSelector } from '../../store/hooks';
import { useCheckUserMutation } from './authApi';
import { selectAuthStatus } from './authSlice';
import { useSignedInCode } from './signedInCode';

/**
 * Signed-in routes: check the session once, then show the page or send the
 * user to sign in. The signed-in code (socket, sagas, world routes) downloads
 * meanwhile; the page shows once both are done.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const status = useAppSelector(selectAuthStatus);
  const [checkUser] = useCheckUserMutation();
  const location = useLocation();
  const codeReady = useSignedInCode();

  useEffect(() => {
    if (status === 'unknown') void checkUser();
  }, [status, checkUser]);

  if (status === 'expired') return <Navigate to="/login" replace />;
  if (status === 'signedOut') return <Navigate to="/auth/loggedout" replace />;
  if (status === 'unauthorized') {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth/login?next=${next}`} replace />;
  }
  if (status !== 'ok') return <FullScreenSpinner label={t('Checking your session...')} />;
  if (!codeReady) return <FullScreenSpinner label={t('Loading...')} />;
  return <Outlet />;
}
