import type { StoreEnhancer } from '@reduxjs/toolkit';
import { devToolsOptions, type DevToolsOptions, type RemoteDevToolsTarget } from './devtools';

/**
 * Remote Redux DevTools: the store also reports to a `@redux-devtools/cli`
 * server, so DevTools can watch a browser without the extension (a kiosk, a
 * phone). README "Developers: Redux DevTools".
 *
 * `@redux-devtools/remote` (with its socket client) is imported here only,
 * dynamically, so it is a chunk of its own that the browser fetches only when
 * a remote server is configured: it never weighs on /login.
 */
export async function loadRemoteDevToolsEnhancer(
  target: RemoteDevToolsTarget,
  options: DevToolsOptions = devToolsOptions,
): Promise<StoreEnhancer> {
  const { devToolsEnhancer } = await import('@redux-devtools/remote');
  return devToolsEnhancer({
    ...options,
    hostname: target.hostname,
    port: target.port,
    secure: target.secure,
    // Connect at once (the package's default is to connect only in development builds).
    realtime: true,
  });
}
