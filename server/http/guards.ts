import type { onRequestAsyncHookHandler } from 'fastify';
import { checkWorld, sendError, sessionOf, worldIdOf, type Signed } from '../auth/requestAuth';
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
 * made costs no parsing or upload, and they await the store.
 */
export function guards(store: Store, config: Config) {
  const requireUser: onRequestAsyncHookHandler = async (req, reply) => {
    const signed = await sessionOf(store, req.cookies);
    if (!signed) return sendError(reply, 401, 'Not signed in', { login_url: config.loginUrl });
    req.signed = signed;
  };

  const requireWorld: onRequestAsyncHookHandler = async (req, reply) => {
    const check = await checkWorld(store, req.signed!.user.id, worldIdOf(req));
    if (!check.ok) return sendError(reply, check.status, check.error);
    req.world = check.access;
  };

  const requireAdmin: onRequestAsyncHookHandler = async (req, reply) => {
    if (!req.world?.is_admin) return sendError(reply, 403, 'Administrators of this world only');
  };

  return {
    user: [requireUser],
    world: [requireUser, requireWorld],
    admin: [requireUser, requireWorld, requireAdmin],
  };
}

export type Guards = ReturnType<typeof guards>;
