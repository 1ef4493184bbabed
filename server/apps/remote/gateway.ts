import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_NOT_SIGNED_IN } from '../../../protocol';
import type { AppGate } from '../../cog/hub';
import { APP_NAME_PATTERN, AppTokensRepository } from '../../store/appTokens';
import { RemoteAppConnection, type AppConnectionDeps } from './appConnection';

/** The token an app presents: `Authorization: Bearer <token>`, else `?token=`. */
export function appTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  return bearer ?? (typeof query === 'string' && query ? query : undefined);
}

/**
 * The hub's gate for app sockets (`/api/ws/cog?worldId=…&app=<name>`): a valid
 * token for that app in that world makes it an app connection with no user
 * session; anything else is closed with 4401 'Invalid app token'.
 */
export class AppGateway implements AppGate {
  private readonly conns = new Set<RemoteAppConnection>();
  private readonly tokens: AppTokensRepository;

  constructor(private readonly deps: AppConnectionDeps) {
    this.tokens = new AppTokensRepository(deps.store.db);
  }

  /** Synchronous up to the message handler, like the hub's attach, so no frame is missed. */
  attach(socket: WebSocket, req: FastifyRequest): void {
    const query = req.query as Record<string, string | undefined>;
    const appName = query.app ?? '';
    const worldId = query.worldId ?? '';
    const valid =
      APP_NAME_PATTERN.test(appName) &&
      Boolean(this.deps.store.worlds.byId(worldId)) &&
      this.tokens.verify(appName, worldId, appTokenOf(req));
    if (!valid) {
      this.deps.log.warn({ app: appName.slice(0, 100), worldId }, 'app token refused');
      socket.close(CLOSE_NOT_SIGNED_IN, 'Invalid app token');
      return;
    }
    const conn = new RemoteAppConnection(socket, appName, worldId, this.deps);
    this.conns.add(conn);
    socket.on('close', () => this.conns.delete(conn));
  }

  /** The apps connected now. */
  connections(): RemoteAppConnection[] {
    return [...this.conns];
  }

  close(): void {
    for (const conn of this.conns) conn.close();
  }
}
