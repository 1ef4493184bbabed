import type { AuditActor } from '../cog/audit';
import { UserError } from '../cog/userError';
import type { WorldAccess } from '../store/users';

/**
 * On whose authority an administration of people is done:
 * - the command line (`npm run users`): whoever holds the database may do anything;
 * - a global admin: every account and world;
 * - a world admin: the members of that one world. They grant and revoke that
 *   world only, and change an account itself (disable, delete, password, PIN)
 *   only when it belongs to their world alone and is no global admin.
 */
export type Authority =
  | { kind: 'cli' }
  | { kind: 'global'; userId: string }
  | { kind: 'world'; userId: string; worldId: string };

/** The authority and who to name in the audit log, passed to every operation. */
export interface Acting {
  authority: Authority;
  actor: AuditActor;
}

export const ONLY_GLOBAL_ADMINS = 'Only global administrators may do this';
export const OUTSIDE_YOUR_WORLD = 'You administer another world: this one is not yours to change';

/** The world an operation is recorded under: a world admin's own, else the one named. */
export function auditWorld(authority: Authority, worldId?: string | null): string | null {
  return authority.kind === 'world' ? authority.worldId : (worldId ?? null);
}

export function requireGlobal(authority: Authority): void {
  if (authority.kind === 'world') throw new UserError(ONLY_GLOBAL_ADMINS, 403);
}

/** A world admin may only grant, revoke or rename within their own world. */
export function requireWorldInScope(authority: Authority, worldId: string): void {
  if (authority.kind === 'world' && authority.worldId !== worldId)
    throw new UserError(OUTSIDE_YOUR_WORLD, 403);
}

/** Whether the account is within the authority's reach at all (listed, its world access changed). */
export function reaches(authority: Authority, worlds: WorldAccess[]): boolean {
  return authority.kind !== 'world' || worlds.some((w) => w.world_id === authority.worldId);
}

/** Whether the authority may change the account itself (see Authority). */
export function manages(
  authority: Authority,
  target: { global_admin: number },
  worlds: WorldAccess[],
): boolean {
  if (authority.kind !== 'world') return true;
  return (
    Number(target.global_admin) !== 1 &&
    worlds.length > 0 &&
    worlds.every((w) => w.world_id === authority.worldId)
  );
}

export function requireManages(
  authority: Authority,
  target: { global_admin: number },
  worlds: WorldAccess[],
): void {
  if (!reaches(authority, worlds)) throw new UserError('No such account in your world', 404);
  if (!manages(authority, target, worlds))
    throw new UserError(
      'This account is also a member of other worlds (or a global administrator): only a global administrator may change it',
      403,
    );
}

/** The acting person's own account, if any (the command line has none). */
export function selfId(authority: Authority): string | undefined {
  return authority.kind === 'cli' ? undefined : authority.userId;
}
