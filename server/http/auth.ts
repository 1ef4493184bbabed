import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE, authRequestSchema, type UserSessionResponse } from '../../protocol';
import { verifyPassword } from '../auth/password';
import { sendError, sessionOf } from '../auth/requestAuth';
import { userSession } from '../auth/userSession';
import type { Config } from '../config';
import type { Store } from '../store';

/** Sign-in, the user check and sign-out (SPEC §7 auth rows). */
export function authRoutes(app: FastifyInstance, deps: { store: Store; config: Config }): void {
  const { store, config } = deps;
  const secure = config.PUBLIC_URL.startsWith('https://');

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: number) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      expires: new Date(expiresAt),
    });

  app.post('/api/auth', async (req, reply) => {
    const parsed = authRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'Email and password are required');
    const { email, password } = parsed.data;
    const user = store.users.byEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? null);
    // One message for every failure, so it never tells which field was wrong.
    if (!user || !ok) return sendError(reply, 401, 'Invalid email or password');
    const previous = req.cookies[SESSION_COOKIE];
    if (previous) store.sessions.delete(previous);
    const session = store.sessions.create(user.id);
    setSessionCookie(reply, session.token, session.expiresAt);
    return reply.send(userSession(store, config, user));
  });

  app.post('/api/user', async (req, reply) => {
    const signed = sessionOf(store, req.cookies);
    if (!signed) {
      const body: UserSessionResponse = {
        status: 'unauthorized',
        error: 'Not signed in',
        login_url: config.loginUrl,
      };
      return reply.code(401).send(body);
    }
    return reply.send(userSession(store, config, signed.user));
  });

  app.post('/api/signout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) store.sessions.delete(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.send({ status: 'ok' });
  });
}
