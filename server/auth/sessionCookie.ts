import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../protocol';
import type { Config } from '../config';
import type { Store } from '../store';

export function secureCookies(config: Config): boolean {
  return config.PUBLIC_URL.startsWith('https://');
}

/** Starts a fresh session for the user: the old one (if any) ends, so ids rotate at sign-in. */
export function startSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { store: Store; config: Config },
  userId: string,
): void {
  const previous = req.cookies[SESSION_COOKIE];
  if (previous) deps.store.sessions.delete(previous);
  const session = deps.store.sessions.create(userId);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(deps.config),
    expires: new Date(session.expiresAt),
  });
}

export function endSession(req: FastifyRequest, reply: FastifyReply, store: Store): void {
  const token = req.cookies[SESSION_COOKIE];
  if (token) store.sessions.delete(token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
