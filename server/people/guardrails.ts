import { UserError } from '../cog/userError';
import type { Repositories } from '../store';
import type { UserRow } from '../store/users';
import { selfId, type Authority } from './authority';

/**
 * What no administrator may do by accident: lock themselves out, or leave
 * the installation (or a world) without an administrator.
 */

/** Disabling or deleting: never one's own account, never the last admin. */
export async function refuseLosingAccount(
  store: Pick<Repositories, 'people'>,
  authority: Authority,
  target: UserRow,
  doing: 'disable' | 'delete',
): Promise<void> {
  if (target.id === selfId(authority))
    throw new UserError(`You cannot ${doing} your own account`, 409);
  if (Number(target.global_admin) === 1 && (await store.people.otherGlobalAdmins(target.id)) === 0)
    throw new UserError(
      `${target.email} is the last global administrator: make someone else one first`,
      409,
    );
  const alone = await store.people.worldsOnlyAdministeredBy(target.id);
  if (alone.length)
    throw new UserError(
      `${target.email} is the last administrator of ${alone.join(', ')}: make someone else an administrator there first`,
      409,
    );
}

/** Taking an admin right or a world away: never one's own, never a world's last admin. */
export async function refuseLosingWorldAdmin(
  store: Pick<Repositories, 'people'>,
  authority: Authority,
  target: UserRow,
  worldId: string,
  doing: 'revoke' | 'demote',
): Promise<void> {
  if (target.id === selfId(authority))
    throw new UserError(
      doing === 'revoke'
        ? 'You cannot take your own access to a world away'
        : 'You cannot take your own administrator right away',
      409,
    );
  if ((await store.people.worldsOnlyAdministeredBy(target.id)).includes(worldId))
    throw new UserError(
      `${target.email} is the last administrator of ${worldId}: make someone else an administrator there first`,
      409,
    );
}

/** Taking the global admin right away: never one's own, never the last one's. */
export async function refuseLosingGlobalAdmin(
  store: Pick<Repositories, 'people'>,
  authority: Authority,
  target: UserRow,
): Promise<void> {
  if (target.id === selfId(authority))
    throw new UserError('You cannot take your own global administrator right away', 409);
  if ((await store.people.otherGlobalAdmins(target.id)) === 0)
    throw new UserError(
      `${target.email} is the last global administrator: make someone else one first`,
      409,
    );
}
