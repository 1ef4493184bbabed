import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessWatch } from '../../cog/accessWatch';
import type { MessageBus } from '../../cog/bus';
import type { CogHub } from '../../cog/hub';
import type { Store } from '../../store';
import type { AppRegistry } from '../../cog/registry';
import { HELLO_TIMEOUT_MS, REMOTE_CALL_TIMEOUT_MS } from './appConnection';
import { registerCogCalls } from './calls';
import { CallForwarder } from './forwarding';
import { AppGateway } from './gateway';
import { AppPresence } from './presence';

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
  /**
   * The message bus: on a shared one (Redis), apps whose sockets are on other
   * instances are listed and called here too. In-process, nothing changes.
   */
  bus?: MessageBus;
  /** How long a silent (killed) instance's apps stay listed on the others (ms). */
  presenceMs?: number;
}

/** Default of presenceMs: instances say what they hold every 5 s; 3 missed and their apps go. */
export const APP_PRESENCE_MS = 15_000;

/**
 * Apps on the socket (DESIGN §4): remote app processes connect with an app
 * token and cog.hello; browsers may cog.call callable cogs but never register
 * an app.
 */
export function registerRemoteApps(hub: CogHub, deps: RemoteAppsDeps): AppGateway {
  const callTimeoutMs = deps.callTimeoutMs ?? REMOTE_CALL_TIMEOUT_MS;
  let presence: AppPresence | undefined;
  const gateway = new AppGateway(
    {
      store: deps.store,
      registry: deps.registry,
      hub,
      log: deps.log,
      heartbeatMs: deps.heartbeatMs,
      callTimeoutMs,
      helloTimeoutMs: deps.helloTimeoutMs ?? HELLO_TIMEOUT_MS,
      freeName: async (holder) => presence?.freeName(holder),
    },
    deps.watch,
  );
  if (deps.bus && deps.bus.health().state !== 'in-process')
    presence = acrossInstances(gateway, { ...deps, bus: deps.bus, callTimeoutMs });
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

/** Lists and calls the apps of every instance on the shared bus; stops with the gateway. */
function acrossInstances(
  gateway: AppGateway,
  deps: RemoteAppsDeps & { bus: MessageBus; callTimeoutMs: number },
): AppPresence {
  const instance = randomUUID();
  const forwarder = new CallForwarder({
    bus: deps.bus,
    instance,
    localApp: (worldId, appName) => gateway.registeredApp(worldId, appName),
    callTimeoutMs: deps.callTimeoutMs,
    log: deps.log,
  });
  const presence = new AppPresence({
    bus: deps.bus,
    registry: deps.registry,
    forwarder,
    instance,
    localApps: () => gateway.registeredApps(),
    presenceMs: deps.presenceMs ?? APP_PRESENCE_MS,
    log: deps.log,
  });
  gateway.onClose(() => {
    presence.close();
    forwarder.close();
  });
  return presence;
}
