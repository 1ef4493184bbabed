import type { FastifyInstance } from 'fastify';
import { authRequestSchema, type UserSessionResponse } from '../../protocol';
import { demoPasswordRefused } from '../auth/adminPassword';
import { verifyPassword } from '../auth/password';
import { signInAccount, type LoginLimits } from '../auth/loginLimits';
import { sendError, sessionOf, worldIdOf } from '../auth/requestAuth';
import { endSession, noteSignedIn, startSession } from '../auth/sessionCookie';
import { verifyPin } from '../auth/totp';
import { userSession } from '../auth/userSession';
import { waitText } from '../auth/waitText';
import type { Revocations } from '../cog/revocations';
import { isDemoPassword, type Config } from '../config';
import type { Store } from '../store';

/** One message for every failed sign-in, so the answer never tells which field was wrong. */
export const SIGN_IN_REFUSED = 'Invalid email, password or PIN';

/** Sign-in, the user check and sign-out (SPEC §7 auth rows). */
export function authRoutes(
  app: FastifyInstance,
  deps: { store: Store; config: Config; limits: LoginLimits; revocations: Revocations },
): void {
  const { store, config, limits } = deps;

  app.post('/api/auth', async (req, reply) => {
    const parsed = authRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'Email and password are required');
    const { email, password, pin } = parsed.data;
    const accountKey = signInAccount(email);
    const wait = await limits.retryAfterSeconds(req, accountKey);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return sendError(reply, 429, `Too many sign-in attempts. Try again in ${waitText(wait)}.`, {
        retry_after_seconds: wait,
      });
    }
    const user = await store.users.byEmail(email);
    const passwordOk = await verifyPassword(password, user?.password_hash ?? null);
    const pinStep = user?.totp_secret ? await verifyPin(user.totp_secret, pin) : undefined;
    // A code is spent only with the right password, so guessing passwords cannot burn codes;
    // the conditional update makes a replayed (or raced) code fail like a wrong one.
    const pinOk =
      !user?.totp_secret ||
      (pinStep !== undefined && passwordOk && (await store.users.spendTotpStep(user.id, pinStep)));
    if (!user || !passwordOk || !pinOk) {
      await limits.failed(req, accountKey);
      req.log.info({ email: accountKey }, 'sign-in refused');
      return sendError(reply, 401, SIGN_IN_REFUSED);
    }
    await limits.succeeded(accountKey);
    if (config.production && isDemoPassword(password)) {
      req.log.warn({ email: accountKey }, 'sign-in with the demo password refused');
      return sendError(reply, 403, demoPasswordRefused(user.email));
    }
    await startSession(req, reply, deps, user.id);
    return reply.send(await userSession(store, config, user));
  });

  app.post('/api/user', async (req, reply) => {
    const signed = await sessionOf(store, req.cookies);
    noteSignedIn(req, reply, config, Boolean(signed));
    if (!signed) {
      const body: UserSessionResponse = {
        status: 'unauthorized',
        error: 'Not signed in',
        login_url: config.loginUrl,
      };
      return reply.code(401).send(body);
    }
    // The world the browser is in becomes the active one, so it is remembered server-side.
    // A world the user may not enter is ignored here; the world's own calls answer 403.
    const worldId = worldIdOf(req);
    let user = signed.user;
    if (worldId && worldId !== user.active_world && (await store.users.access(user.id, worldId))) {
      await store.users.setActiveWorld(user.id, worldId);
      user = { ...user, active_world: worldId };
    }
    return reply.send(await userSession(store, config, user));
  });

  app.post('/api/signout', async (req, reply) => {
    await endSession(req, reply, deps);
    return reply.send({ status: 'ok' });
  });
}
