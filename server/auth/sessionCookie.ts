import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../protocol';
import type { Revocations } from '../cog/revocations';
import type { Config } from '../config';
import type { Store } from '../store';
import { sessionIdOf } from '../store/sessions';

export function secureCookies(config: Config): boolean {
  return config.PUBLIC_URL.startsWith('https://');
}

export interface SessionDeps {
  store: Store;
  /** Told of every session that ends, so its open sockets close at once. */
  revocations: Revocations;
}

/** Ends one session in the store and on every socket that holds it. */
async function endStoredSession(deps: SessionDeps, token: string): Promise<void> {
  await deps.store.sessions.delete(token);
  deps.revocations.publish({ kind: 'session', sessionId: sessionIdOf(token) });
}

/**
 * Starts a fresh session for the user: the old one (if any) ends, so ids
 * rotate at sign-in and sockets opened with the old id close (4401).
 */
export async function startSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: SessionDeps & { config: Config },
  userId: string,
): Promise<void> {
  const previous = req.cookies[SESSION_COOKIE];
  if (previous) await endStoredSession(deps, previous);
  const session = await deps.store.sessions.create(userId);
  const cookie = {
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(deps.config),
    expires: new Date(session.expiresAt),
  } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookie, httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookie, httpOnly: false });
}

/**
 * Keeps the page's hint (SIGNED_IN_COOKIE) true to what POST /api/user found:
 * dropped when the session is gone (expired, ended elsewhere), set for a
 * session that began before the hint existed.
 */
export function noteSignedIn(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  signedIn: boolean,
): void {
  const hinted = req.cookies[SIGNED_IN_COOKIE] !== undefined;
  if (signedIn && !hinted) {
    reply.setCookie(SIGNED_IN_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: secureCookies(config),
      httpOnly: false,
    });
  }
  if (!signedIn && hinted) reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** Sign-out: the session ends, and with it every socket opened with it (4401). */
export async function endSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: SessionDeps,
): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await endStoredSession(deps, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
