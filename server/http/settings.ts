import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVTOOLS_MAX_AGE_LIMITS,
  DISPLAY_NAME_MAX,
  LANGUAGE_CHOICES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordChangeSchema,
  pinCodeSchema,
  settingsUpdateSchema,
  type PasswordChangedResponse,
  type PinEnrolmentResponse,
  type UserSettings,
  type UserSettingsResponse,
  type AuditAction,
} from '../../protocol';
import type { AttemptLimit } from '../auth/attemptLimits';
import { hashPassword, verifyPassword } from '../auth/password';
import { sendError } from '../auth/requestAuth';
import { newTotp, verifyPin } from '../auth/totp';
import { waitText } from '../auth/waitText';
import type { Audit } from '../cog/audit';
import type { Revocations } from '../cog/revocations';
import { isDemoPassword } from '../config';
import type { Store } from '../store';
import type { UserRow } from '../store/users';
import { webActor } from './adminAuthority';
import type { Guards } from './guards';

/** A PIN enrolment not confirmed within this time has to start again. */
export const PIN_ENROLMENT_TTL_MS = 10 * 60_000;

export const SETTINGS_TEXT = {
  wrongPassword: 'The current password is not right',
  noPassword: 'This account signs in through single sign-on and has no password to change',
  samePassword: 'The new password is the same as the current one',
  demoPassword: 'Choose a password other than the demo password',
  wrongCode: 'That code is not right. Enter the code your authenticator shows now.',
  pinAlreadyOn: 'A PIN is already switched on',
  pinNotOn: 'No PIN is switched on',
  noEnrolment: 'Start setting up the PIN again: the code shown is no longer waiting',
  tooMany: (seconds: number) => `Too many wrong attempts. Try again in ${waitText(seconds)}.`,
} as const;

export interface SettingsLimits {
  password: AttemptLimit;
  pin: AttemptLimit;
}

async function settingsOf(store: Store, user: UserRow): Promise<UserSettings> {
  const stored = await store.userSettings.get(user.id);
  return {
    name: user.name,
    email: user.email,
    ...stored,
    pin_enabled: Boolean(user.totp_secret),
    has_password: user.password_hash !== null,
  };
}

/** What was wrong with a PATCH /api/settings body, in words (the first thing found). */
export function settingsRefusal(
  issues: readonly { code: string; path: PropertyKey[]; keys?: string[] }[],
): string {
  const issue = issues[0];
  if (!issue) return 'Invalid settings';
  if (issue.code === 'unrecognized_keys')
    return `Not a setting: ${(issue.keys ?? []).join(', ') || 'unknown'}`;
  switch (issue.path[0]) {
    case 'name':
      return `A display name is required, at most ${DISPLAY_NAME_MAX} characters`;
    case 'avatar_color':
      return 'Not one of the avatar colours';
    case 'theme':
      return 'The theme is light, dark or system';
    case 'language':
      return `The language is one of ${LANGUAGE_CHOICES.join(', ')}`;
    case 'devtools':
      return `DevTools keep a whole number of actions from ${DEVTOOLS_MAX_AGE_LIMITS.min} to ${DEVTOOLS_MAX_AGE_LIMITS.max}, and hide heartbeats or not`;
    default:
      return 'Invalid settings';
  }
}

/** 429 with the wait in words when the account used up its attempts, else undefined. */
async function refusedForAttempts(
  limit: AttemptLimit,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const wait = await limit.retryAfterSeconds(req, req.signed!.user.id);
  if (wait <= 0) return undefined;
  reply.header('Retry-After', String(wait));
  return sendError(reply, 429, SETTINGS_TEXT.tooMany(wait), { retry_after_seconds: wait });
}

/**
 * A person's own settings (/settings): GET and PATCH /api/settings, a
 * password change, and enrolling or removing a PIN. Every call acts on the
 * signed-in account only (no call names another); the CSRF hook guards
 * every change; wrong passwords and codes count against the account.
 */
export function settingsRoutes(
  app: FastifyInstance,
  deps: {
    store: Store;
    guards: Guards;
    revocations: Revocations;
    limits: SettingsLimits;
    /** The audit log keeps password changes and PINs switched on or off. */
    audit?: Audit;
  },
): void {
  const { store, guards, revocations, limits, audit } = deps;
  const ownEvent = (req: FastifyRequest, action: AuditAction, detail?: string) =>
    audit?.record({
      action,
      actor: webActor(req),
      target: { id: req.signed!.user.id, label: req.signed!.user.email },
      ...(detail ? { detail } : {}),
    });
  const answer = async (reply: FastifyReply, userId: string) => {
    const user = await store.users.byId(userId);
    if (!user) return sendError(reply, 404, 'This account no longer exists');
    const body: UserSettingsResponse = { status: 'ok', settings: await settingsOf(store, user) };
    return reply.send(body);
  };

  app.get('/api/settings', { onRequest: guards.user }, (req, reply) =>
    answer(reply, req.signed!.user.id),
  );

  app.patch('/api/settings', { onRequest: guards.user }, async (req, reply) => {
    const parsed = settingsUpdateSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, settingsRefusal(parsed.error.issues));
    const { name, ...rest } = parsed.data;
    const userId = req.signed!.user.id;
    if (name !== undefined) await store.users.setName(userId, name);
    if (Object.keys(rest).length > 0) await store.userSettings.update(userId, rest);
    return answer(reply, userId);
  });

  app.post('/api/settings/password', { onRequest: guards.user }, async (req, reply) => {
    const parsed = passwordChangeSchema.safeParse(req.body);
    if (!parsed.success) {
      const tooShort = parsed.error.issues.some((i) => i.path[0] === 'new_password');
      return sendError(
        reply,
        400,
        tooShort
          ? `The new password needs at least ${PASSWORD_MIN} characters (and at most ${PASSWORD_MAX})`
          : 'The current and the new password are required',
      );
    }
    const { user, token } = req.signed!;
    if (user.password_hash === null) return sendError(reply, 409, SETTINGS_TEXT.noPassword);
    const limited = await refusedForAttempts(limits.password, req, reply);
    if (limited) return limited;
    const { current_password, new_password } = parsed.data;
    if (!(await verifyPassword(current_password, user.password_hash))) {
      await limits.password.failed(req, user.id);
      req.log.info({ userId: user.id }, 'password change refused: wrong current password');
      return sendError(reply, 403, SETTINGS_TEXT.wrongPassword);
    }
    if (new_password === current_password) return sendError(reply, 400, SETTINGS_TEXT.samePassword);
    if (isDemoPassword(new_password)) return sendError(reply, 400, SETTINGS_TEXT.demoPassword);
    await store.users.setPasswordHash(user.id, await hashPassword(new_password));
    // Whoever else holds a session of this account (a stolen one included) is out, sockets too.
    const ended = await store.sessions.deleteOthersForUser(user.id, token);
    for (const sessionId of ended) revocations.publish({ kind: 'session', sessionId });
    req.log.info({ userId: user.id, sessionsEnded: ended.length }, 'password changed');
    await ownEvent(
      req,
      'password-changed',
      `${ended.length} other session${ended.length === 1 ? '' : 's'} ended`,
    );
    const body: PasswordChangedResponse = { status: 'ok', sessions_ended: ended.length };
    return reply.send(body);
  });

  app.post('/api/settings/pin/start', { onRequest: guards.user }, async (req, reply) => {
    const { user } = req.signed!;
    if (user.totp_secret) return sendError(reply, 409, SETTINGS_TEXT.pinAlreadyOn);
    const { secret, uri } = newTotp(user.email);
    await store.userSettings.update(user.id, { pendingTotp: { secret, startedAt: Date.now() } });
    const body: PinEnrolmentResponse = { status: 'ok', secret, uri };
    return reply.send(body);
  });

  app.post('/api/settings/pin/confirm', { onRequest: guards.user }, async (req, reply) => {
    const parsed = pinCodeSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'A code is required');
    const { user } = req.signed!;
    if (user.totp_secret) return sendError(reply, 409, SETTINGS_TEXT.pinAlreadyOn);
    const pending = await store.userSettings.pendingTotp(user.id);
    if (!pending || Date.now() - pending.startedAt > PIN_ENROLMENT_TTL_MS)
      return sendError(reply, 409, SETTINGS_TEXT.noEnrolment);
    const limited = await refusedForAttempts(limits.pin, req, reply);
    if (limited) return limited;
    const step = await verifyPin(pending.secret, parsed.data.code);
    if (step === undefined) {
      await limits.pin.failed(req, user.id);
      req.log.info({ userId: user.id }, 'PIN enrolment refused: wrong code');
      return sendError(reply, 400, SETTINGS_TEXT.wrongCode);
    }
    await store.transaction(async (tx) => {
      await tx.users.setTotpSecret(user.id, pending.secret);
      // The code that confirmed the PIN is spent: it cannot also sign someone in.
      await tx.users.spendTotpStep(user.id, step);
      await tx.userSettings.update(user.id, { pendingTotp: null });
    });
    req.log.info({ userId: user.id }, 'PIN enrolled');
    await ownEvent(req, 'pin-enrolled');
    return answer(reply, user.id);
  });

  app.post('/api/settings/pin/disable', { onRequest: guards.user }, async (req, reply) => {
    const parsed = pinCodeSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, 'A code is required');
    const { user } = req.signed!;
    if (!user.totp_secret) return sendError(reply, 409, SETTINGS_TEXT.pinNotOn);
    const limited = await refusedForAttempts(limits.pin, req, reply);
    if (limited) return limited;
    const step = await verifyPin(user.totp_secret, parsed.data.code);
    if (step === undefined || !(await store.users.spendTotpStep(user.id, step))) {
      await limits.pin.failed(req, user.id);
      req.log.info({ userId: user.id }, 'PIN switch-off refused: wrong code');
      return sendError(reply, 400, SETTINGS_TEXT.wrongCode);
    }
    await store.users.setTotpSecret(user.id, null);
    req.log.info({ userId: user.id }, 'PIN disabled');
    await ownEvent(req, 'pin-disabled');
    return answer(reply, user.id);
  });
}
