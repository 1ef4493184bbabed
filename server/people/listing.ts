import {
  PEOPLE_PAGE_SIZE,
  type AdminWorld,
  type Person,
  type PeopleQuery,
  type PeopleScope,
} from '../../protocol';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { UserRow, WorldAccess } from '../store/users';
import { manages, reaches, type Authority } from './authority';

/** An account as /admin/users shows it to this authority (never a hash or a secret). */
export function personOf(
  authority: Authority,
  user: UserRow & { created_at?: string },
  worlds: WorldAccess[],
): Person {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    created_at: user.created_at ?? '',
    disabled: user.disabled_at !== null,
    pin: user.totp_secret !== null,
    must_change_password: Number(user.must_change_password) === 1,
    global_admin: Number(user.global_admin) === 1,
    worlds: worlds.map((w) => ({ world_id: w.world_id, name: w.name, is_admin: w.is_admin })),
    manageable: manages(authority, user, worlds),
  };
}

export function scopeOf(authority: Authority): PeopleScope {
  return authority.kind === 'world'
    ? { kind: 'world', world_id: authority.worldId }
    : { kind: 'global' };
}

/** A page of the accounts this authority sees: all of them, or their world's members. */
export async function listPeople(
  store: Store,
  authority: Authority,
  query: PeopleQuery,
): Promise<{ people: Person[]; total: number }> {
  if (authority.kind === 'world' && query.world && query.world !== authority.worldId)
    throw new UserError('You administer another world: its members are not yours to see', 403);
  const worldId = authority.kind === 'world' ? authority.worldId : query.world;
  const page = await store.people.page({
    query: query.q || undefined,
    worldId,
    offset: query.offset ?? 0,
    limit: query.limit ?? PEOPLE_PAGE_SIZE,
  });
  const worlds = await store.people.worldsOf(page.people.map((p) => p.id));
  return {
    total: page.total,
    people: page.people.map((p) => personOf(authority, p, worlds.get(p.id) ?? [])),
  };
}

/** One account, if this authority may see it. */
export async function personFor(store: Store, authority: Authority, userId: string) {
  const user = await store.people.byId(userId);
  const worlds = user ? await store.users.worlds(user.id) : [];
  if (!user || !reaches(authority, worlds))
    throw new UserError('No such account in your world', 404);
  return personOf(authority, user, worlds);
}

/** The worlds this authority administers, with their member and admin counts. */
export async function worldsFor(store: Store, authority: Authority): Promise<AdminWorld[]> {
  const all = await store.people.worldStats();
  return authority.kind === 'world' ? all.filter((w) => w.world_id === authority.worldId) : all;
}
