import { Navigate } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { PortalButton } from './PortalButton';
import { selectActiveWorld, selectLoggedIn } from './authSlice';

/** /login and /auth/login. Someone already signed in goes straight to their world. */
export function LoginPage() {
  const loggedIn = useAppSelector(selectLoggedIn);
  const activeWorld = useAppSelector(selectActiveWorld);
  if (loggedIn && activeWorld) return <Navigate to={`/w/${activeWorld}/dashboard`} replace />;
  return <PortalButton />;
}
