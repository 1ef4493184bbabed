import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
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

/** preHandlers every protected route uses: session first, then the world, then admin. */
export function guards(store: Store, config: Config) {
  const requireUser: preHandlerHookHandler = (req: FastifyRequest, reply: FastifyReply, done) => {
    const signed = sessionOf(store, req.cookies);
    if (!signed) {
      sendError(reply, 401, 'Not signed in', { login_url: config.loginUrl });
      return;
    }
    req.signed = signed;
    done();
  };

  const requireWorld: preHandlerHookHandler = (req, reply, done) => {
    const check = checkWorld(store, req.signed!.user.id, worldIdOf(req));
    if (!check.ok) {
      sendError(reply, check.status, check.error);
      return;
    }
    req.world = check.access;
    done();
  };

  const requireAdmin: preHandlerHookHandler = (req, reply, done) => {
    if (!req.world?.is_admin) {
      sendError(reply, 403, 'Administrators of this world only');
      return;
    }
    done();
  };

  return {
    user: [requireUser],
    world: [requireUser, requireWorld],
    admin: [requireUser, requireWorld, requireAdmin],
  };
}

export type Guards = ReturnType<typeof guards>;
