import { hashPassword } from '../auth/password';
import { newTotp } from '../auth/totp';
import { UserError } from '../cog/userError';
import type { UserRow } from '../store/users';
import {
  auditWorld,
  requireGlobal,
  requireManages,
  requireWorldInScope,
  type Acting,
} from './authority';
import { accountById, worldOrFail, type PeopleDeps } from './deps';
import { refuseLosingAccount, refuseLosingGlobalAdmin } from './guardrails';
import { grantWorld } from './worldAccess';
import { checkNewPassword, temporaryPassword } from './passwords';

/**
 * Operations on an account itself, shared by /api/admin/people and
 * `npm run users`: each checks the authority, does the change, ends what it
 * takes away (sessions, open sockets on every instance) and records it in the
 * audit log.
 */

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface NewAccount {
  email: string;
  name?: string;
  /** Absent: a temporary password is made, shown once, and changed at first sign-in. */
  password?: string;
  worlds: { worldId: string; admin: boolean }[];
  /**
   * An account with this email already exists: 'refuse' (the command line),
   * or 'grant' it the worlds asked for (the browser: a world admin adding
   * someone who already works in another world).
   */
  existing?: 'refuse' | 'grant';
}

export async function addAccount(
  deps: PeopleDeps,
  acting: Acting,
  input: NewAccount,
): Promise<{ user: UserRow; temporaryPassword?: string; existed?: boolean }> {
  const { store, audit } = deps;
  const { authority, actor } = acting;
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw new UserError('A valid email is required.');
  // A world admin's new account belongs to their world, and to it only.
  const worlds =
    authority.kind === 'world' && !input.worlds.length
      ? [{ worldId: authority.worldId, admin: false }]
      : input.worlds;
  for (const w of worlds) {
    requireWorldInScope(authority, w.worldId);
    await worldOrFail(store, w.worldId);
  }
  const existing = await store.users.byEmail(email);
  if (existing && input.existing === 'grant' && worlds.length) {
    for (const w of worlds) await grantWorld(deps, acting, existing.id, w.worldId, w.admin);
    return { user: existing, existed: true };
  }
  if (existing) throw new UserError(`An account with email ${email} already exists.`, 409);
  const temporary = input.password === undefined ? temporaryPassword() : undefined;
  const password = temporary ?? checkNewPassword(input.password!);
  const passwordHash = await hashPassword(password);
  const user = await store.transaction(async (tx) => {
    const created = await tx.users.create({
      email,
      name: input.name?.trim() || email.split('@')[0]!,
      passwordHash,
    });
    if (temporary) await tx.users.setPassword(created.id, passwordHash, true);
    for (const w of worlds) await tx.users.grant(created.id, w.worldId, w.admin);
    return created;
  });
  const target = { id: user.id, label: user.email };
  await audit.record({
    action: 'account-created',
    actor,
    target,
    worldId: auditWorld(authority, worlds[0]?.worldId),
    detail: temporary ? 'with a temporary password' : undefined,
  });
  for (const w of worlds)
    await audit.record({
      action: 'world-granted',
      actor,
      target,
      worldId: w.worldId,
      detail: w.admin ? 'as administrator' : 'as member',
    });
  return { user, temporaryPassword: temporary };
}

/** A password the administrator chose (the command line's set-password). */
export async function setPassword(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  password: string,
): Promise<UserRow> {
  const { user, worlds } = await accountById(deps.store, userId);
  requireManages(acting.authority, user, worlds);
  await deps.store.users.setPassword(
    user.id,
    await hashPassword(checkNewPassword(password)),
    false,
  );
  await endSessions(deps, user.id);
  await deps.audit.record({
    action: 'password-set',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId: auditWorld(acting.authority),
    detail: 'sessions ended',
  });
  return user;
}

/** A temporary password, shown once; the next sign-in asks for a new one. Sessions end. */
export async function resetPassword(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
): Promise<{ user: UserRow; temporaryPassword: string }> {
  const { user, worlds } = await accountById(deps.store, userId);
  requireManages(acting.authority, user, worlds);
  const temporary = temporaryPassword();
  await deps.store.users.setPassword(user.id, await hashPassword(temporary), true);
  await endSessions(deps, user.id);
  await deps.audit.record({
    action: 'password-reset',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId: auditWorld(acting.authority),
    detail: 'temporary password; sessions ended',
  });
  return { user, temporaryPassword: temporary };
}

/** Every session of the account ends, and every socket opened with one closes (4401). */
async function endSessions(deps: PeopleDeps, userId: string): Promise<void> {
  await deps.store.sessions.deleteForUser(userId);
  deps.revocations.publish({ kind: 'user', userId });
}

export async function setDisabled(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  disabled: boolean,
): Promise<UserRow> {
  const { user, worlds } = await accountById(deps.store, userId);
  requireManages(acting.authority, user, worlds);
  if (disabled) await refuseLosingAccount(deps.store, acting.authority, user, 'disable');
  await deps.store.users.setDisabled(user.id, disabled);
  if (disabled) await endSessions(deps, user.id);
  await deps.audit.record({
    action: disabled ? 'account-disabled' : 'account-enabled',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId: auditWorld(acting.authority),
    detail: disabled ? 'sessions ended' : undefined,
  });
  return (await deps.store.users.byId(user.id))!;
}

/** Deletes the account once its email is typed again (see DELETE_ACCOUNT_CONSEQUENCES). */
export async function deleteAccount(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  confirmEmail: string,
): Promise<void> {
  const { user, worlds } = await accountById(deps.store, userId);
  requireManages(acting.authority, user, worlds);
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase())
    throw new UserError('Type the account’s email to confirm the deletion');
  await refuseLosingAccount(deps.store, acting.authority, user, 'delete');
  await endSessions(deps, user.id);
  await deps.store.users.delete(user.id);
  await deps.audit.record({
    action: 'account-deleted',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId: auditWorld(acting.authority),
    detail: worlds.length ? `was in ${worlds.map((w) => w.world_id).join(', ')}` : undefined,
  });
}

/** Requires a one-time code (TOTP) at sign-in: the new secret is returned once. */
export async function setPinRequired(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  required: boolean,
): Promise<{ user: UserRow; totp?: { secret: string; uri: string } }> {
  const { user, worlds } = await accountById(deps.store, userId);
  requireManages(acting.authority, user, worlds);
  const totp = required ? newTotp(user.email) : undefined;
  await deps.store.users.setTotpSecret(user.id, totp?.secret ?? null);
  await deps.audit.record({
    action: required ? 'pin-required' : 'pin-removed',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId: auditWorld(acting.authority),
    detail: required ? 'a new secret was handed out' : undefined,
  });
  return { user: (await deps.store.users.byId(user.id))!, totp };
}

export async function setGlobalAdmin(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  globalAdmin: boolean,
): Promise<UserRow> {
  requireGlobal(acting.authority);
  const { user } = await accountById(deps.store, userId);
  if (!globalAdmin) await refuseLosingGlobalAdmin(deps.store, acting.authority, user);
  await deps.store.users.setGlobalAdmin(user.id, globalAdmin);
  await deps.audit.record({
    action: globalAdmin ? 'global-admin-granted' : 'global-admin-revoked',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
  });
  deps.accessChanged?.(user.id);
  return (await deps.store.users.byId(user.id))!;
}
