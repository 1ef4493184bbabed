import type { Audit } from '../cog/audit';
import type { Revocations } from '../cog/revocations';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { UserRow, WorldAccess } from '../store/users';

/** What every operation on accounts and worlds needs. */
export interface PeopleDeps {
  store: Store;
  /** Told of every change that takes access away, so open sockets close at once. */
  revocations: Revocations;
  audit: Audit;
  /**
   * Told when an account's worlds changed, so its open pages read the user
   * again and their world switcher shows it (a server: a socket frame to
   * that account; the command line: nobody).
   */
  accessChanged?: (userId: string) => void;
  /** Told when a world was renamed, so the pages open in it show the new name at once. */
  worldRenamed?: (worldId: string) => void;
}

/** The account with this id and its worlds, or a 404. */
export async function accountById(
  store: Store,
  userId: string,
): Promise<{ user: UserRow; worlds: WorldAccess[] }> {
  const user = await store.users.byId(userId);
  if (!user) throw new UserError('No such account', 404);
  return { user, worlds: await store.users.worlds(user.id) };
}

/** The account with this email, or the command line's words for its absence. */
export async function accountByEmail(store: Store, email: string | undefined): Promise<UserRow> {
  if (!email) throw new UserError('An email is required.');
  const user = await store.users.byEmail(email);
  if (!user) throw new UserError(`No account with email ${email}.`, 404);
  return user;
}

/** The world with this id, or the command line's words for its absence. */
export async function worldOrFail(store: Store, worldId: string | undefined): Promise<string> {
  if (!worldId) throw new UserError('A world id is required.');
  if (!(await store.worlds.byId(worldId)))
    throw new UserError(`No world "${worldId}". See: npm run users -- worlds`, 404);
  return worldId;
}
