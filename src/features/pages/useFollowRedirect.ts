import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { safeNextPath } from '../../../protocol';

/** Goes where the server's last answer pointed, if it is a path on this site, then forgets it. */
export function useFollowRedirect(redirectTo: string | null, followed: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirectTo) return;
    followed();
    const path = safeNextPath(redirectTo);
    if (path) void navigate(path);
  }, [redirectTo, followed, navigate]);
}
