import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../store/hooks';
import { cogDisconnectRequested } from '../../ws/cogActions';
import { useSignOutMutation } from './authApi';

/** Ends the session on the server, closes the socket and shows the logged-out page. */
export function useSignOut(): () => Promise<void> {
  const [signOut] = useSignOutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    dispatch(cogDisconnectRequested());
    await signOut();
    navigate('/auth/loggedout', { replace: true });
  };
}
