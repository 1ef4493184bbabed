import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { useAppSelector, useAppStore } from '../../store/hooks';
import { selectAuthStatus } from './authSlice';
import { startSessionCheck } from './sessionCheck';
import { useSignedInCode } from './signedInCode';

/**
 * Signed-in routes: check the session once, then show the page or send the
 * user to sign in. The signed-in code (socket, sagas, world routes) downloads
 * meanwhile; the page shows once both are done.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const status = useAppSelector(selectAuthStatus);
  const store = useAppStore();
  const location = useLocation();
  const codeReady = useSignedInCode();

  // Where the route's loader had no store to start it with (replays, tests); else a no-op.
  useEffect(() => {
    if (status === 'unknown') startSessionCheck(store);
  }, [status, store]);

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
