import type { FastifyBaseLogger } from 'fastify';
import type { AccessWatch } from '../../cog/accessWatch';
import type { CogHub } from '../../cog/hub';
import type { Store } from '../../store';
import type { AppRegistry } from '../../cog/registry';
import { HELLO_TIMEOUT_MS, REMOTE_CALL_TIMEOUT_MS } from './appConnection';
import { registerCogCalls } from './calls';
import { AppGateway } from './gateway';

export { callCog } from './calls';
export { AppGateway, appTokenOf } from './gateway';
export { RemoteAppConnection, REMOTE_CALL_TIMEOUT_MS } from './appConnection';

export interface RemoteAppsDeps {
  store: Store;
  registry: AppRegistry;
  log: FastifyBaseLogger;
  /** Ping interval of app sockets (config.heartbeatMs). */
  heartbeatMs: number;
  /** Keeps each app socket to its token: revoked, the socket closes. */
  watch: AccessWatch;
  callTimeoutMs?: number;
  helloTimeoutMs?: number;
}

/**
 * Apps on the socket (DESIGN §4): remote app processes connect with an app
 * token and cog.hello; browsers may cog.call callable cogs but never register
 * an app.
 */
export function registerRemoteApps(hub: CogHub, deps: RemoteAppsDeps): AppGateway {
  const gateway = new AppGateway(
    {
      store: deps.store,
      registry: deps.registry,
      hub,
      log: deps.log,
      heartbeatMs: deps.heartbeatMs,
      callTimeoutMs: deps.callTimeoutMs ?? REMOTE_CALL_TIMEOUT_MS,
      helloTimeoutMs: deps.helloTimeoutMs ?? HELLO_TIMEOUT_MS,
    },
    deps.watch,
  );
  hub.acceptApps(gateway);
  registerCogCalls(hub, deps);
  hub.on('cog.hello', async (conn, frame) => {
    await deps.store.console.append(conn.worldId, {
      app_name: 'emgen',
      from: 'hub.warning',
      message: `Refused cog.hello for app "${frame.content.appName}" from a browser session`,
    });
    hub.reply(conn, frame, 'cog.hello.response', {
      status: 'error',
      error: 'Apps connect with an app token (?app=<name>), not a browser session',
    });
  });
  return gateway;
}
