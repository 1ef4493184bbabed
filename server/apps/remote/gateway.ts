import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_NOT_SIGNED_IN } from '../../../protocol';
import type { AccessWatch } from '../../cog/accessWatch';
import type { AppGate } from '../../cog/hub';
import type { App } from '../../cog/registry';
import { APP_NAME_PATTERN, type AppTokensRepository } from '../../store/appTokens';
import { watchedAppSocket } from './appAccess';
import { RemoteAppConnection, type AppConnectionDeps } from './appConnection';

/** The token an app presents: `Authorization: Bearer <token>`, else `?token=`. */
export function appTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  return bearer ?? (typeof query === 'string' && query ? query : undefined);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The app socket's token check, awaited before the upgrade. */
    appTokenValid?: boolean;
  }
}

function appOf(req: FastifyRequest): { appName: string; worldId: string } {
  const query = req.query as Record<string, string | undefined>;
  return { appName: query.app ?? '', worldId: query.worldId ?? '' };
}

/**
 * The hub's gate for app sockets (`/api/ws/cog?worldId=…&app=<name>`): a valid
 * token for that app in that world makes it an app connection with no user
 * session; anything else is closed with 4401 'Invalid app token'. The token
 * is watched while the app is connected: revoked or replaced, the socket
 * closes with 4401 'App token revoked' and the app's cogs are unregistered.
 */
export class AppGateway implements AppGate {
  private readonly conns = new Set<RemoteAppConnection>();
  private readonly closing: (() => void)[] = [];
  private readonly tokens: AppTokensRepository;

  constructor(
    private readonly deps: AppConnectionDeps,
    private readonly watch: AccessWatch,
  ) {
    this.tokens = deps.store.appTokens;
  }

  /** Before the upgrade: the token is checked against the store (and its use recorded). */
  async check(req: FastifyRequest): Promise<void> {
    const { appName, worldId } = appOf(req);
    const token = appTokenOf(req);
    req.appTokenValid =
      APP_NAME_PATTERN.test(appName) &&
      Boolean(token) &&
      Boolean(await this.deps.store.worlds.byId(worldId)) &&
      (await this.tokens.verify(appName, worldId, token));
  }

  /** Synchronous up to the message listener, like the hub's attach, so no frame is missed. */
  attach(socket: WebSocket, req: FastifyRequest): void {
    const { appName, worldId } = appOf(req);
    const token = appTokenOf(req);
    if (!req.appTokenValid || !token) {
      this.deps.log.warn({ app: appName.slice(0, 100), worldId }, 'app token refused');
      socket.close(CLOSE_NOT_SIGNED_IN, 'Invalid app token');
      return;
    }
    const watch = this.watch.watch(
      watchedAppSocket(this.tokens, { appName, worldId, token }, (refusal) =>
        conn.close(refusal.code, refusal.reason),
      ),
    );
    // Each frame is handled after the token was checked again, in arrival order; a
    // frame arriving after a revoke meets a closed connection, which ignores it.
    const conn = new RemoteAppConnection(socket, appName, worldId, this.deps, watch.admits);
    this.conns.add(conn);
    socket.on('close', () => {
      this.conns.delete(conn);
      watch.end();
    });
  }

  /** The apps connected now. */
  connections(): RemoteAppConnection[] {
    return [...this.conns];
  }

  /** The connection through which the app is registered, if its socket is on this instance. */
  registeredApp(worldId: string, appName: string): RemoteAppConnection | undefined {
    return [...this.conns].find(
      (c) => c.worldId === worldId && c.appName === appName && c.registered,
    );
  }

  /** The apps registered through this instance's sockets. */
  registeredApps(): (App & { worldId: string })[] {
    return [...this.conns].flatMap((c) => {
      const app = c.registered;
      return app ? [{ ...app, worldId: c.worldId }] : [];
    });
  }

  /** Runs after the app sockets closed (other instances are told they are gone). */
  onClose(then: () => void): void {
    this.closing.push(then);
  }

  close(code?: number, reason?: string): void {
    for (const conn of this.conns) conn.close(code, reason);
    for (const then of this.closing.splice(0)) then();
  }
}
