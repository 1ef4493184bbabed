import type { FastifyInstance } from 'fastify';
import { authRequestSchema, type UserSessionResponse } from '../../protocol';
import { demoPasswordRefused } from '../auth/adminPassword';
import { hashPassword, verifyPassword } from '../auth/password';
import { signInAccount, type LoginLimits } from '../auth/loginLimits';
import { sendError, sessionOf, worldIdOf } from '../auth/requestAuth';
import { endSession, noteSignedIn, startSession } from '../auth/sessionCookie';
import { verifyPin } from '../auth/totp';
import { userSession } from '../auth/userSession';
import type { Audit } from '../cog/audit';
import { waitText } from '../auth/waitText';
import type { Revocations } from '../cog/revocations';
import { UserError } from '../cog/userError';
import { checkNewPassword } from '../people/passwords';
import { signInAudit } from './signInAudit';
import { isDemoPassword, type Config } from '../config';
import type { Store } from '../store';

/** One message for every failed sign-in, so the answer never tells which field was wrong. */
export const SIGN_IN_REFUSED = 'Invalid email, password or PIN';
/** Said only to someone who gave the right password (and PIN). */
export const ACCOUNT_DISABLED = 'This account has been disabled. Ask an administrator.';
export const PASSWORD_CHANGE_REQUIRED =
  'Your password was reset by an administrator. Choose a new password to finish signing in.';

/** Why a new password (replacing a temporary one) cannot be taken, if it cannot. */
function newPasswordProblem(
  newPassword: string | undefined,
  temporary: string,
): string | undefined {
  if (!newPassword) return PASSWORD_CHANGE_REQUIRED;
  if (newPassword === temporary) return 'Choose a password other than the temporary one.';
  try {
    checkNewPassword(newPassword);
  } catch (err) {
    if (err instanceof UserError) return err.message;
    throw err;
  }
  return undefined;
}

/** Sign-in, the user check and sign-out (SPEC §7 auth rows). */
export function authRoutes(
  app: FastifyInstance,
  deps: {
    store: Store;
    config: Config;
    limits: LoginLimits;
    revocations: Revocations;
    audit: Audit;
  },
): void {
  const { store, config, limits } = deps;
  const audited = signInAudit(deps.audit);

  app.post('/api/auth', async (req, reply) => {
    const parsed = authRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'Email and password are required');
    const { email, password, pin, new_password } = parsed.data;
    const accountKey = signInAccount(email);
    const wait = await limits.retryAfterSeconds(req, accountKey);
    if (wait > 0) {
      await audited.locked(req, accountKey, wait);
      reply.header('Retry-After', String(wait));
      return sendError(reply, 429, `Too many sign-in attempts. Try again in ${waitText(wait)}.`, {
        retry_after_seconds: wait,
      });
    }
    const user = await store.users.byEmail(email);
    const passwordOk = await verifyPassword(password, user?.password_hash ?? null);
    const pinStep = user?.totp_secret ? await verifyPin(user.totp_secret, pin) : undefined;
    const refuse = async (reason: string) => {
      await limits.failed(req, accountKey);
      await audited.failed(req, accountKey, reason, user);
      req.log.info({ email: accountKey }, 'sign-in refused');
      return sendError(reply, 401, SIGN_IN_REFUSED);
    };
    if (!user || !passwordOk) return refuse(user ? 'wrong password' : 'no such account');
    if (user.totp_secret && pinStep === undefined) return refuse('wrong or missing PIN');
    // Password and PIN are right from here on: what follows may say more than SIGN_IN_REFUSED.
    if (user.disabled_at !== null) {
      await audited.failed(req, accountKey, 'account disabled', user);
      return sendError(reply, 403, ACCOUNT_DISABLED);
    }
    const changing = Number(user.must_change_password) === 1;
    if (changing) {
      // Asked before the PIN is spent, so the same code still works when the form comes back.
      const problem = newPasswordProblem(new_password, password);
      if (problem)
        return sendError(reply, new_password ? 400 : 403, problem, {
          password_change_required: true,
        });
    }
    // A code is spent only with the right password, so guessing passwords cannot burn codes;
    // the conditional update makes a replayed (or raced) code fail like a wrong one.
    if (pinStep !== undefined && !(await store.users.spendTotpStep(user.id, pinStep)))
      return refuse('PIN already used');
    await limits.succeeded(accountKey);
    if (config.production && isDemoPassword(password) && !changing) {
      req.log.warn({ email: accountKey }, 'sign-in with the demo password refused');
      return sendError(reply, 403, demoPasswordRefused(user.email));
    }
    if (changing) {
      await store.users.setPasswordHash(user.id, await hashPassword(new_password!));
      await audited.passwordChanged(req, user);
    }
    await startSession(req, reply, deps, user.id);
    const session = await userSession(store, config, user);
    await audited.signedIn(req, user, session.active_world);
    return reply.send(session);
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
    const signed = await sessionOf(store, req.cookies);
    await endSession(req, reply, deps);
    if (signed) await audited.signedOut(req, signed.user);
    return reply.send({ status: 'ok' });
  });
}
