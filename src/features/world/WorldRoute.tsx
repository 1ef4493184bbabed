import { Navigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectActiveWorld } from '../auth/authSlice';
import { WorldLayout } from './WorldLayout';
import { worldScreenUrl } from '../../../protocol/paths';

/** /w/{worldid}/…: the world comes from the path. */
export function PathWorldRoute() {
  const { worldId } = useParams();
  if (!worldId) return <Navigate to="/404" replace />;
  return <WorldLayout key={worldId} worldId={worldId} />;
}

/** Routes without a world in the path (/admin, /flow, …) live in the user's active world. */
export function ActiveWorldRoute() {
  const activeWorld = useAppSelector(selectActiveWorld);
  if (!activeWorld) return <Navigate to="/404" replace />;
  return <WorldLayout key={activeWorld} worldId={activeWorld} />;
}

/** /dashboard, /workspace, /workspace-management: the same screen in the active world. */
export function ToActiveWorld({ screen }: { screen: string }) {
  const activeWorld = useAppSelector(selectActiveWorld);
  if (!activeWorld) return <Navigate to="/404" replace />;
  return <Navigate to={worldScreenUrl(activeWorld, screen, window.location.search)} replace />;
}
