import { createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../hooks';

/** The address bar changed: recorded, so a replay follows the user's route history. */
export const routeVisited = createAction<{ pathname: string; search: string; hash: string }>(
  'router/routeVisited',
);

/** Puts every location the app shows into the action stream. */
export function RouteRecorder() {
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    dispatch(routeVisited({ pathname, search, hash }));
  }, [dispatch, pathname, search, hash]);
  return null;
}
