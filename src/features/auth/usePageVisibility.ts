import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { pageBecameVisible } from './authEvents';

/** Reports the tab becoming visible again, so the session can be re-checked. */
export function usePageVisibility(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') dispatch(pageBecameVisible());
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [dispatch]);
}
