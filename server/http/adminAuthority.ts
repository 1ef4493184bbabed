import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sendError, worldIdOf } from '../auth/requestAuth';
import type { AuditActor } from '../cog/audit';
import { UserError } from '../cog/userError';
import type { Acting, Authority } from '../people/authority';
import type { Store } from '../store';
import { invalidRequestText, type ParseError } from './invalidRequest';

declare module 'fastify' {
  interface FastifyRequest {
    authority?: Authority;
  }
}

export const ADMINS_ONLY = 'Administrators only';

/**
 * After guards.user: who may administer people here. A global admin anywhere;
 * else an admin of the world the page is in (X-World-Id); else 403.
 */
export function requirePeopleAdmin(store: Store): onRequestAsyncHookHandler {
  return async (req, reply) => {
    const user = req.signed!.user;
    if (Number(user.global_admin) === 1) {
      req.authority = { kind: 'global', userId: user.id };
      return;
    }
    const worldId = worldIdOf(req);
    const access = worldId ? await store.users.access(user.id, worldId) : undefined;
    if (!access?.is_admin) return sendError(reply, 403, ADMINS_ONLY);
    req.authority = { kind: 'world', userId: user.id, worldId: access.world_id };
  };
}

/** Who made the request and from where, as the audit log names them. */
export function webActor(req: FastifyRequest): AuditActor {
  const agent = req.headers['user-agent'];
  return {
    source: 'web',
    userId: req.signed?.user.id ?? null,
    email: req.signed?.user.email ?? null,
    ip: req.ip,
    userAgent: typeof agent === 'string' ? agent : null,
  };
}

export function actingOf(req: FastifyRequest): Acting {
  return { authority: req.authority!, actor: webActor(req) };
}

type Parsed<T> = { success: true; data: T } | { success: false; error: ParseError };

/** The parsed value, or a 400 naming the first thing wrong with it. */
export function parsedOr400<T>(parsed: Parsed<T>): T {
  if (parsed.success) return parsed.data;
  throw new UserError(invalidRequestText(parsed.error));
}
