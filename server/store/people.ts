import { sql, type Expression, type SqlBool } from 'kysely';
import type { Queries } from './kysely';
import type { UserRow, WorldAccess } from './users';

/** An account as the administration of people lists it. */
export interface PersonRow extends UserRow {
  created_at: string;
}

const PERSON_COLUMNS = [
  'u.id',
  'u.email',
  'u.name',
  'u.password_hash',
  'u.totp_secret',
  'u.totp_last_step',
  'u.active_world',
  'u.oidc_subject',
  'u.disabled_at',
  'u.must_change_password',
  'u.global_admin',
  'u.created_at',
] as const;

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE pattern, with the backslash as escape on both stores. */
export function likeLower(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * The queries of /admin/users (issue 21): accounts paged and searched, the
 * worlds of many accounts at once, and the counts that keep an installation
 * from losing its last administrator.
 */
export class PeopleRepository {
  constructor(private readonly q: Queries) {}

  /** One account with its creation time. */
  byId(id: string): Promise<PersonRow | undefined> {
    return this.q
      .selectFrom('users as u')
      .select(PERSON_COLUMNS)
      .where('u.id', '=', id)
      .executeTakeFirst();
  }

  /** A page of accounts in email order, by name or email, optionally of one world. */
  async page(opts: {
    query?: string;
    worldId?: string;
    offset: number;
    limit: number;
  }): Promise<{ people: PersonRow[]; total: number }> {
    let base = this.q.selectFrom('users as u');
    if (opts.worldId) {
      const worldId = opts.worldId;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('world_members as m')
            .select('m.user_id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.world_id', '=', worldId),
        ),
      );
    }
    if (opts.query) {
      const pattern = containsPattern(opts.query);
      base = base.where((eb) =>
        eb.or([likeLower('u.email', pattern), likeLower('u.name', pattern)]),
      );
    }
    const [count, people] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(PERSON_COLUMNS)
        .orderBy((eb) => eb.fn('lower', ['u.email']))
        .orderBy('u.id')
        .offset(opts.offset)
        .limit(opts.limit)
        .execute(),
    ]);
    return { people, total: Number(count.n) };
  }

  /** The worlds of each of these accounts, in world name order. */
  async worldsOf(userIds: string[]): Promise<Map<string, WorldAccess[]>> {
    const byUser = new Map<string, WorldAccess[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return byUser;
    const rows = await this.q
      .selectFrom('world_members as m')
      .innerJoin('worlds as w', 'w.id', 'm.world_id')
      .select(['m.user_id', 'w.id as world_id', 'w.name as name', 'm.is_admin'])
      .where('m.user_id', 'in', userIds)
      .orderBy('w.name')
      .execute();
    for (const r of rows)
      byUser
        .get(r.user_id)
        ?.push({ world_id: r.world_id, name: r.name, is_admin: Number(r.is_admin) === 1 });
    return byUser;
  }

  /** Enabled global admins other than `exceptUserId`. */
  async otherGlobalAdmins(exceptUserId: string): Promise<number> {
    const row = await this.q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('global_admin', '=', 1)
      .where('disabled_at', 'is', null)
      .where('id', '!=', exceptUserId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The worlds `userId` administers where no other enabled account does:
   * taking its admin right away (or the account) would leave them without one.
   */
  async worldsOnlyAdministeredBy(userId: string): Promise<string[]> {
    const rows = await this.q
      .selectFrom('world_members as m')
      .select('m.world_id')
      .where('m.user_id', '=', userId)
      .where('m.is_admin', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('world_members as o')
              .innerJoin('users as u', 'u.id', 'o.user_id')
              .select('o.user_id')
              .whereRef('o.world_id', '=', 'm.world_id')
              .where('o.is_admin', '=', 1)
              .where('o.user_id', '!=', userId)
              .where('u.disabled_at', 'is', null),
          ),
        ),
      )
      .orderBy('m.world_id')
      .execute();
    return rows.map((r) => r.world_id);
  }

  /** Every world with its member and admin counts, in name order. */
  async worldStats(): Promise<
    { world_id: string; name: string; members: number; admins: number }[]
  > {
    const rows = await this.q
      .selectFrom('worlds as w')
      .leftJoin('world_members as m', 'm.world_id', 'w.id')
      .select((eb) => [
        'w.id as world_id',
        'w.name as name',
        eb.fn.count<number>('m.user_id').as('members'),
        eb.fn.sum<number>(eb.fn.coalesce('m.is_admin', eb.lit(0))).as('admins'),
      ])
      .groupBy(['w.id', 'w.name'])
      .orderBy('w.name')
      .execute();
    return rows.map((r) => ({ ...r, members: Number(r.members), admins: Number(r.admins ?? 0) }));
  }
}
