import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLOSE_NOT_SIGNED_IN,
  CLOSE_WORLD_FORBIDDEN,
  HEADER_WORLD_ID,
  SESSION_COOKIE,
  type ErrorResponse,
} from '../../protocol';
import type { Refusal } from '../cog/accessWatch';
import type { Store } from '../store';
import type { SessionAdmission } from '../store/sessions';
import type { UserRow, WorldAccess } from '../store/users';

export interface Signed {
  user: UserRow;
  token: string;
}

/**
 * The signed-in user behind a session token, if it is live and its account
 * still exists and is enabled (disabling deletes the sessions too; this is
 * the second lock, for a session made while the account was being disabled).
 */
export async function signedBy(
  store: Store,
  token: string | undefined,
): Promise<Signed | undefined> {
  return signedOf(await store.sessions.admission(token), token);
}

function signedOf(found: SessionAdmission | undefined, token: string | undefined) {
  if (!found || !token || found.user.disabled_at !== null) return undefined;
  return { user: found.user, token };
}

/** The signed-in user behind a request's session cookie, if any. */
export function sessionOf(
  store: Store,
  cookies: Record<string, string | undefined>,
): Promise<Signed | undefined> {
  return signedBy(store, cookies[SESSION_COOKIE]);
}

export type WorldCheck =
  { ok: true; access: WorldAccess } | { ok: false; status: 400 | 403 | 404; error: string };

export const noAccessTo = (worldId: string) => `You do not have access to world "${worldId}"`;

/** May the session's account enter this world? Unknown worlds and worlds without access are told apart. */
function worldCheckOf(found: SessionAdmission, worldId: string | undefined): WorldCheck {
  if (!worldId) return { ok: false, status: 400, error: 'No world given' };
  if (!found.worldExists) return { ok: false, status: 404, error: `Unknown world "${worldId}"` };
  if (!found.access) return { ok: false, status: 403, error: noAccessTo(worldId) };
  return { ok: true, access: found.access };
}

export type WorldAdmission =
  | { ok: true; signed: Signed; access: WorldAccess }
  | { ok: false; status: 401 | 400 | 403 | 404; error: string };

/**
 * A session token and the world it would enter, checked in that order (no
 * session is 401 whatever the world) with one query to the store: every
 * guarded request and every socket admission asks it.
 */
export async function worldAdmission(
  store: Store,
  token: string | undefined,
  worldId: string | undefined,
): Promise<WorldAdmission> {
  const found = await store.sessions.admission(token, worldId);
  const signed = signedOf(found, token);
  if (!found || !signed) return { ok: false, status: 401, error: 'Not signed in' };
  const world = worldCheckOf(found, worldId);
  return world.ok ? { ok: true, signed, access: world.access } : world;
}

/** What a browser's socket was admitted with: its session, user and world. */
export interface SocketGrant {
  token: string;
  userId: string;
  worldId: string;
}

/**
 * May a browser socket with this session token use this world? Asked at
 * admission and again while the socket is open. No session (signed out,
 * expired, ended by a password change, account removed) is 4401; no access
 * to the world (unknown, removed, revoked) is 4403, with the reason.
 */
export type SocketAccess = { ok: true; grant: SocketGrant } | { ok: false; refusal: Refusal };

export async function socketAccess(
  store: Store,
  token: string | undefined,
  worldId: string | undefined,
): Promise<SocketAccess> {
  const admitted = await worldAdmission(store, token, worldId);
  if (!admitted.ok && admitted.status === 401)
    return { ok: false, refusal: { code: CLOSE_NOT_SIGNED_IN, reason: admitted.error } };
  if (!admitted.ok)
    return {
      ok: false,
      refusal: { code: CLOSE_WORLD_FORBIDDEN, reason: admitted.error.slice(0, 120) },
    };
  return {
    ok: true,
    grant: {
      token: admitted.signed.token,
      userId: admitted.signed.user.id,
      worldId: admitted.access.world_id,
    },
  };
}

/**
 * Admission of a browser's socket (cog and audio alike): a session cookie,
 * then access to the `worldId` query. Awaited before the upgrade is handled
 * (the route's preValidation hook), so the socket's handler can act on the
 * answer synchronously and miss no frame.
 */
export function browserSocketAccess(store: Store, req: FastifyRequest): Promise<SocketAccess> {
  const query = req.query as Record<string, string | undefined>;
  return socketAccess(store, req.cookies[SESSION_COOKIE], query.worldId);
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
