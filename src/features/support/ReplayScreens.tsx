import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../routes';
import { AppTheme } from '../../theme/AppTheme';
import { makeReplayStore, replayPositionShown } from './replayStore';

/**
 * The app's real screens, rendered from the replayed state in a React root of
 * their own: their own store (see replayStore), their own in-memory router, no
 * context shared with the replay page around them.
 */
export function ReplayScreens({ state, route }: { state: unknown; route: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [parts] = useState(() => ({
    store: makeReplayStore(state),
    router: createMemoryRouter(routes, { initialEntries: [route] }),
  }));

  useEffect(() => {
    const r = createRoot(holder.current!);
    r.render(
      <Provider store={parts.store}>
        <AppTheme>
          <RouterProvider router={parts.router} />
        </AppTheme>
      </Provider>,
    );
    return () => {
      // Not inside this commit: React refuses to unmount a root while rendering another.
      queueMicrotask(() => r.unmount());
    };
  }, [parts]);

  useEffect(() => {
    parts.store.dispatch(replayPositionShown(state));
  }, [parts, state]);

  useEffect(() => {
    const here = parts.router.state.location;
    if (`${here.pathname}${here.search}${here.hash}` !== route) void parts.router.navigate(route);
  }, [parts, route]);

  return (
    <Box
      ref={holder}
      data-testid="replay-screens"
      sx={{ position: 'relative', height: '100%', overflow: 'auto', transform: 'translateZ(0)' }}
    />
  );
}
