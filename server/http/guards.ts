import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { SESSION_COOKIE } from '../../protocol';
import { sendError, sessionOf, worldAdmission, worldIdOf, type Signed } from '../auth/requestAuth';
import type { Config } from '../config';
import type { Store } from '../store';
import type { WorldAccess } from '../store/users';

declare module 'fastify' {
  interface FastifyRequest {
    signed?: Signed;
    world?: WorldAccess;
  }
}

/**
 * onRequest hooks every protected route uses: session first, then the world,
 * then admin. They run before the body is read, so a request that may not be
 * made costs no parsing or upload, and they await the store: once, as the
 * session and the world are read together (worldAdmission).
 */
export function guards(store: Store, config: Config) {
  const notSignedIn = (reply: FastifyReply) =>
    sendError(reply, 401, 'Not signed in', { login_url: config.loginUrl });

  const requireUser: onRequestAsyncHookHandler = async (req, reply) => {
    const signed = await sessionOf(store, req.cookies);
    if (!signed) return notSignedIn(reply);
    req.signed = signed;
  };

  const requireUserInWorld: onRequestAsyncHookHandler = async (req, reply) => {
    const admitted = await worldAdmission(store, req.cookies[SESSION_COOKIE], worldIdOf(req));
    if (!admitted.ok && admitted.status === 401) return notSignedIn(reply);
    if (!admitted.ok) return sendError(reply, admitted.status, admitted.error);
    req.signed = admitted.signed;
    req.world = admitted.access;
  };

  const requireAdmin: onRequestAsyncHookHandler = async (req, reply) => {
    if (!req.world?.is_admin) return sendError(reply, 403, 'Administrators of this world only');
  };

  return {
    user: [requireUser],
    world: [requireUserInWorld],
    admin: [requireUserInWorld, requireAdmin],
  };
}

export type Guards = ReturnType<typeof guards>;
