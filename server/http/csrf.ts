import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, HEADER_CSRF } from '../../protocol';
import { sendError } from '../auth/requestAuth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The check itself; also an onRequest hook for the rare GET that changes state. */
export async function requireCsrf(req: FastifyRequest, reply: FastifyReply) {
  const header = req.headers[HEADER_CSRF.toLowerCase()];
  const sent = req.cookies[CSRF_COOKIE];
  if (typeof header !== 'string' || !sent || !same(header, sent)) {
    return sendError(reply, 403, 'CSRF token missing or invalid');
  }
}

/**
 * Double-submit CSRF (DESIGN §4): every response makes sure the browser holds
 * a readable token cookie; every state-changing /api call must echo it in
 * X-CSRF-Token. A cross-site page can send the cookie but cannot read it.
 */
export function registerCsrf(app: FastifyInstance, opts: { secure: boolean }): void {
  app.addHook('onRequest', async (req, reply) => {
    let token = req.cookies[CSRF_COOKIE];
    if (!token) {
      token = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    return requireCsrf(req, reply);
  });

  app.get('/api/csrf', async (_req, reply) => {
    // The token is in the cookie the hook just set (or already had); say so for API clients.
    return reply.send({ status: 'ok', header: HEADER_CSRF, cookie: CSRF_COOKIE });
  });
}
