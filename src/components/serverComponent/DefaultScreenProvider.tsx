import { useMemo, type ReactNode } from 'react';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import type { ScreenEvent } from '../../../protocol/components';
import { ServerScreenProvider } from './ServerScreenProvider';
import type { ServerComponentHost } from './screenContext';

/**
 * The screen of a ServerComponent nobody gave a host (the gallery, the embedded
 * element): there is no server to talk to, so events are only logged, and
 * navigation uses the router when there is one, else the browser.
 */
function logEvent(event: ScreenEvent) {
  console.info('[server component] event', event);
}

const browserHost: ServerComponentHost = {
  sendEvent: logEvent,
  navigate: (path) => window.location.assign(path),
};

function RouterScreen({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const host = useMemo<ServerComponentHost>(
    () => ({ sendEvent: logEvent, navigate: (path) => void navigate(path) }),
    [navigate],
  );
  return <ServerScreenProvider host={host}>{children}</ServerScreenProvider>;
}

export function DefaultScreenProvider({ children }: { children: ReactNode }) {
  // useNavigate throws outside a router, so the two cases are two components.
  return useInRouterContext() ? (
    <RouterScreen>{children}</RouterScreen>
  ) : (
    <ServerScreenProvider host={browserHost}>{children}</ServerScreenProvider>
  );
}
