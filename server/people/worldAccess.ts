import { UserError } from '../cog/userError';
import { WORLD_ID_PATTERN, type WorldRow } from '../store/worlds';
import { requireGlobal, requireWorldInScope, type Acting } from './authority';
import { accountById, worldOrFail, type PeopleDeps } from './deps';
import { refuseLosingWorldAdmin } from './guardrails';

/**
 * Who may enter which world, and the worlds themselves, shared by
 * /api/admin/people, /api/admin/worlds and `npm run users`.
 */

/** Lets the account enter the world, as an administrator of it or not. */
export async function grantWorld(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  worldId: string,
  admin: boolean,
): Promise<void> {
  requireWorldInScope(acting.authority, worldId);
  await worldOrFail(deps.store, worldId);
  const { user, worlds } = await accountById(deps.store, userId);
  const before = worlds.find((w) => w.world_id === worldId);
  if (before?.is_admin && !admin)
    await refuseLosingWorldAdmin(deps.store, acting.authority, user, worldId, 'demote');
  await deps.store.users.grant(user.id, worldId, admin);
  await deps.audit.record({
    action: 'world-granted',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId,
    detail: admin ? 'as administrator' : 'as member',
  });
  deps.accessChanged?.(user.id);
}

/** Takes the world away: the account's sockets in it close at once (4403), on every instance. */
export async function revokeWorld(
  deps: PeopleDeps,
  acting: Acting,
  userId: string,
  worldId: string,
): Promise<void> {
  requireWorldInScope(acting.authority, worldId);
  await worldOrFail(deps.store, worldId);
  const { user, worlds } = await accountById(deps.store, userId);
  if (!worlds.some((w) => w.world_id === worldId))
    throw new UserError(`${user.email} had no access to ${worldId}.`, 404);
  await refuseLosingWorldAdmin(deps.store, acting.authority, user, worldId, 'revoke');
  await deps.store.users.revoke(user.id, worldId);
  deps.revocations.publish({ kind: 'world-access', userId: user.id, worldId });
  await deps.audit.record({
    action: 'world-revoked',
    actor: acting.actor,
    target: { id: user.id, label: user.email },
    worldId,
  });
  deps.accessChanged?.(user.id);
}

/** A new world; a global admin who makes it in the browser administers it at once. */
export async function createWorld(
  deps: PeopleDeps,
  acting: Acting,
  id: string,
  name: string,
): Promise<WorldRow> {
  requireGlobal(acting.authority);
  if (!id || !WORLD_ID_PATTERN.test(id))
    throw new UserError('A world id of letters, digits, - and _ is required.');
  if (await deps.store.worlds.byId(id)) throw new UserError(`World "${id}" already exists.`, 409);
  const trimmed = name.trim();
  if (!trimmed) throw new UserError('A world name is required.');
  const world = await deps.store.worlds.create(id, trimmed);
  await deps.audit.record({
    action: 'world-created',
    actor: acting.actor,
    target: { id, label: trimmed },
    worldId: id,
  });
  if (acting.authority.kind === 'global') {
    await grantWorld(deps, acting, acting.authority.userId, id, true);
  }
  return world;
}

export async function renameWorld(
  deps: PeopleDeps,
  acting: Acting,
  id: string,
  name: string,
): Promise<WorldRow> {
  requireWorldInScope(acting.authority, id);
  const before = await deps.store.worlds.byId(await worldOrFail(deps.store, id));
  const trimmed = name.trim();
  if (!trimmed) throw new UserError('A world name is required.');
  await deps.store.worlds.rename(id, trimmed);
  await deps.audit.record({
    action: 'world-renamed',
    actor: acting.actor,
    target: { id, label: trimmed },
    worldId: id,
    detail: `was "${before!.name}"`,
  });
  deps.worldRenamed?.(id);
  return { id, name: trimmed };
}
