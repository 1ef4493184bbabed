import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CLOSE_NOT_SIGNED_IN,
  CLOSE_WORLD_FORBIDDEN,
  HEADER_WORLD_ID,
  SESSION_COOKIE,
  type ErrorResponse,
} from '../../protocol';
import type { Store } from '../store';
import type { UserRow, WorldAccess } from '../store/users';

export interface Signed {
  user: UserRow;
  token: string;
}

/** The signed-in user behind a request's session cookie, if any. */
export function sessionOf(
  store: Store,
  cookies: Record<string, string | undefined>,
): Signed | undefined {
  const token = cookies[SESSION_COOKIE];
  const session = store.sessions.find(token);
  if (!session || !token) return undefined;
  const user = store.users.byId(session.user_id);
  return user ? { user, token } : undefined;
}

export type WorldCheck =
  { ok: true; access: WorldAccess } | { ok: false; status: 400 | 403 | 404; error: string };

/** May this user enter this world? Unknown worlds and worlds without access are told apart. */
export function checkWorld(store: Store, userId: string, worldId: string | undefined): WorldCheck {
  if (!worldId) return { ok: false, status: 400, error: 'No world given' };
  if (!store.worlds.byId(worldId))
    return { ok: false, status: 404, error: `Unknown world "${worldId}"` };
  const access = store.users.access(userId, worldId);
  if (!access)
    return { ok: false, status: 403, error: `You do not have access to world "${worldId}"` };
  return { ok: true, access };
}

/**
 * Admission of a browser's socket (cog and audio alike): a session cookie,
 * then access to the `worldId` query. A refused socket is closed with
 * 4401 / 4403 and the reason; an admitted one gets its user and world.
 */
export function admitBrowserSocket(
  store: Store,
  socket: WebSocket,
  req: FastifyRequest,
): { userId: string; worldId: string } | undefined {
  const signed = sessionOf(store, req.cookies);
  if (!signed) {
    socket.close(CLOSE_NOT_SIGNED_IN, 'Not signed in');
    return undefined;
  }
  const query = req.query as Record<string, string | undefined>;
  const world = checkWorld(store, signed.user.id, query.worldId);
  if (!world.ok) {
    socket.close(CLOSE_WORLD_FORBIDDEN, world.error.slice(0, 120));
    return undefined;
  }
  return { userId: signed.user.id, worldId: world.access.world_id };
}

export function worldIdOf(req: FastifyRequest): string | undefined {
  const header = req.headers[HEADER_WORLD_ID.toLowerCase()];
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.worldId;
  const value = typeof header === 'string' && header ? header : fromQuery;
  return typeof value === 'string' && value ? value : undefined;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  extra: Partial<ErrorResponse> = {},
): FastifyReply {
  const body: ErrorResponse = { status: 'error', error, ...extra };
  return reply.code(status).send(body);
}
