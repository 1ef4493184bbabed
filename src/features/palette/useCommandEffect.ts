import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { worldSwitchRequested } from '../world/worldSlice';
import { sessionLogExportRequested } from '../../store/actionLog/recorder';
import type { ExecuteResult } from './commandRequests';

/** The workspace the page shows (/w/{world}/workspace?id=…), if it is a workspace page. */
export function workspaceIdOf(location: { pathname: string; search: string }): string | null {
  if (!/\/workspace\/?$/.test(location.pathname)) return null;
  return new URLSearchParams(location.search).get('id');
}

/**
 * Does on the page what an executed command asked for (its `effect`): go
 * somewhere, open the File Finder, switch world, export the session log, or
 * flash a message. A command with no effect but a message flashes that.
 */
export function useCommandEffect() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [finderOpen, setFinderOpen] = useState(false);

  const apply = (result: ExecuteResult) => {
    const { effect, message } = result;
    if (!effect) {
      if (message) dispatch(flashShown(message, 'success'));
      return;
    }
    switch (effect.kind) {
      case 'navigate':
        void navigate(effect.to);
        break;
      case 'openFileFinder':
        setFinderOpen(true);
        break;
      case 'switchWorld':
        dispatch(worldSwitchRequested({ worldId: effect.worldId }));
        break;
      case 'exportSessionLog':
        dispatch(sessionLogExportRequested());
        break;
      case 'flash':
        dispatch(flashShown(effect.text));
        break;
    }
  };

  return {
    apply,
    finder: {
      open: finderOpen,
      onClose: () => setFinderOpen(false),
      workspaceId: workspaceIdOf(location),
    },
  };
}
