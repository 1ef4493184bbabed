import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Queries } from './kysely';
import type { Database } from './schema';

/** An account as repositories return it (every column but created_at). */
export type UserRow = Omit<Selectable<Database['users']>, 'created_at'>;

export interface WorldAccess {
  world_id: string;
  name: string;
  is_admin: boolean;
}

export const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'password_hash',
  'totp_secret',
  'totp_last_step',
  'active_world',
  'oidc_subject',
  'disabled_at',
  'must_change_password',
  'global_admin',
] as const;

/** Accounts and their access to worlds. */
export class UsersRepository {
  constructor(private readonly q: Queries) {}

  private users() {
    return this.q.selectFrom('users').select(USER_COLUMNS);
  }

  /** Emails match without regard to case, as the SQLite column's NOCASE always did. */
  byEmail(email: string): Promise<UserRow | undefined> {
    return this.users()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();
  }

  byId(id: string): Promise<UserRow | undefined> {
    return this.users().where('id', '=', id).executeTakeFirst();
  }

  byOidcSubject(subject: string): Promise<UserRow | undefined> {
    return this.users().where('oidc_subject', '=', subject).executeTakeFirst();
  }

  async setOidcSubject(userId: string, subject: string): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ oidc_subject: subject })
      .where('id', '=', userId)
      .execute();
  }

  list(): Promise<UserRow[]> {
    return this.users()
      .orderBy((eb) => eb.fn('lower', ['email']))
      .execute();
  }

  async create(input: {
    email: string;
    name: string;
    passwordHash: string | null;
  }): Promise<UserRow> {
    const id = randomUUID();
    await this.q
      .insertInto('users')
      .values({
        id,
        email: input.email.trim(),
        name: input.name,
        password_hash: input.passwordHash,
      })
      .execute();
    return (await this.byId(id))!;
  }

  async setName(userId: string, name: string): Promise<void> {
    await this.q.updateTable('users').set({ name }).where('id', '=', userId).execute();
  }

  /** A password the account chose: a temporary one stops being asked for. */
  async setPasswordHash(userId: string, hash: string): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** A new password hash; `temporary` asks for a new password at the next sign-in. */
  async setPassword(userId: string, hash: string, temporary: boolean): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: temporary ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** Disables (now) or enables the account. */
  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ disabled_at: disabled ? new Date().toISOString() : null })
      .where('id', '=', userId)
      .execute();
  }

  async setGlobalAdmin(userId: string, globalAdmin: boolean): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ global_admin: globalAdmin ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** Deletes the account; its sessions and memberships go with it (foreign keys). */
  async delete(userId: string): Promise<boolean> {
    const result = await this.q.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setTotpSecret(userId: string, secret: string | null): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ totp_secret: secret, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Spends a TOTP time step: true only for the first sign-in that uses it, so
   * two requests racing with the same code cannot both succeed.
   */
  async spendTotpStep(userId: string, step: number): Promise<boolean> {
    const result = await this.q
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setActiveWorld(userId: string, worldId: string): Promise<void> {
    await this.q
      .updateTable('users')
      .set({ active_world: worldId })
      .where('id', '=', userId)
      .execute();
  }

  async grant(userId: string, worldId: string, isAdmin: boolean): Promise<void> {
    const is_admin = isAdmin ? 1 : 0;
    await this.q
      .insertInto('world_members')
      .values({ world_id: worldId, user_id: userId, is_admin })
      .onConflict((oc) => oc.columns(['world_id', 'user_id']).doUpdateSet({ is_admin }))
      .execute();
  }

  async revoke(userId: string, worldId: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('world_members')
      .where('world_id', '=', worldId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The worlds this user may enter, in name order. */
  async worlds(userId: string): Promise<WorldAccess[]> {
    const rows = await this.q
      .selectFrom('world_members as m')
      .innerJoin('worlds as w', 'w.id', 'm.world_id')
      .select(['w.id as world_id', 'w.name as name', 'm.is_admin as is_admin'])
      .where('m.user_id', '=', userId)
      .orderBy('w.name')
      .execute();
    return rows.map((r) => ({ ...r, is_admin: Number(r.is_admin) === 1 }));
  }

  /** The world's members by name (who may be invited to one of its workspaces). */
  async members(worldId: string): Promise<{ user_id: string; name: string; email: string }[]> {
    return this.q
      .selectFrom('world_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id as user_id', 'u.name as name', 'u.email as email'])
      .where('m.world_id', '=', worldId)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  }

  async access(userId: string, worldId: string): Promise<WorldAccess | undefined> {
    return (await this.worlds(userId)).find((w) => w.world_id === worldId);
  }
}
