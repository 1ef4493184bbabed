import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { titleForPath } from './worldPath';

/** Keeps document.title in step with the route (SPEC §1 title rule). */
export function TitleManager() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleForPath(pathname);
  }, [pathname]);
  return null;
}
