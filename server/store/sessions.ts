import { createHash, randomBytes } from 'node:crypto';
import type { Queries } from './kysely';
import { USER_COLUMNS, type UserRow, type WorldAccess } from './users';

export interface SessionRow {
  user_id: string;
  expires_at: number;
}

/**
 * Only a hash of the session token is stored, so a leaked database cannot sign
 * anyone in; the hash is also the session's id wherever one is named (revocations).
 */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
const hashToken = sessionIdOf;

/**
 * A live session as a request's guard reads it: its account and, when a world
 * is named, whether that world exists and the account's access to it.
 */
export interface SessionAdmission {
  user: UserRow;
  /** False also when no world was named. */
  worldExists: boolean;
  access: WorldAccess | undefined;
}

/** Token hashes per query of `admittedAmong`: well under SQLite's and PostgreSQL's bound parameters. */
const HASHES_PER_QUERY = 500;

export class SessionsRepository {
  constructor(
    private readonly q: Queries,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a session and returns its token (goes only into the httpOnly cookie). */
  async create(userId: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = now + this.ttlMs;
    await this.q
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return { token, expiresAt };
  }

  /** The live session for a token, or undefined when unknown or expired. */
  async find(token: string | undefined): Promise<SessionRow | undefined> {
    if (!token) return undefined;
    const row = await this.q
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    if (Number(row.expires_at) <= this.now()) {
      await this.delete(token);
      return undefined;
    }
    return { user_id: row.user_id, expires_at: Number(row.expires_at) };
  }

  /**
   * The live session for a token with its account, the world `worldId` names
   * and the account's access to it, in one query: what find, users.byId,
   * worlds.byId and users.access answer one after another, as every guarded
   * request asks it (four round trips to PostgreSQL before any handler ran).
   * Undefined when the token is unknown or expired (an expired session is
   * deleted, as find does).
   */
  async admission(
    token: string | undefined,
    worldId?: string,
  ): Promise<SessionAdmission | undefined> {
    if (!token) return undefined;
    const row = await this.q
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('worlds as w', (join) => join.on('w.id', '=', worldId ?? null))
      .leftJoin('world_members as m', (join) =>
        join.onRef('m.world_id', '=', 'w.id').onRef('m.user_id', '=', 's.user_id'),
      )
      .select(USER_COLUMNS.map((c) => `u.${c}` as const))
      .select([
        's.expires_at as expires_at_',
        'w.id as world_id_',
        'w.name as world_name_',
        'm.is_admin as is_admin_',
      ])
      .where('s.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    const { expires_at_, world_id_, world_name_, is_admin_, ...user } = row;
    if (Number(expires_at_) <= this.now()) {
      await this.delete(token);
      return undefined;
    }
    const worldExists = world_id_ !== null;
    const access =
      worldExists && is_admin_ !== null
        ? { world_id: world_id_, name: world_name_!, is_admin: Number(is_admin_) === 1 }
        : undefined;
    return { user, worldExists, access };
  }

  /**
   * Which of these socket grants still hold: a live session of an account
   * that exists and is enabled, with access to a world that exists — what socketAccess
   * checks one socket at a time in four queries, here in one query per world
   * (and per 500 sessions) for any number of sockets, as the access sweep
   * asks. A grant that does not hold is left for socketAccess to say why.
   */
  async admittedAmong(grants: { token: string; worldId: string }[]): Promise<boolean[]> {
    const hashed = grants.map((g) => ({ worldId: g.worldId, hash: hashToken(g.token) }));
    const byWorld = new Map<string, string[]>();
    for (const { worldId, hash } of hashed) {
      const hashes = byWorld.get(worldId) ?? [];
      hashes.push(hash);
      byWorld.set(worldId, hashes);
    }
    const held = new Set<string>();
    const now = this.now();
    for (const [worldId, hashes] of byWorld) {
      for (let i = 0; i < hashes.length; i += HASHES_PER_QUERY) {
        const rows = await this.q
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .innerJoin('world_members as m', 'm.user_id', 'u.id')
          .innerJoin('worlds as w', 'w.id', 'm.world_id')
          .select('s.token_hash')
          .where('w.id', '=', worldId)
          .where('s.token_hash', 'in', hashes.slice(i, i + HASHES_PER_QUERY))
          .where('s.expires_at', '>', now)
          .where('u.disabled_at', 'is', null)
          .execute();
        for (const r of rows) held.add(`${worldId} ${r.token_hash}`);
      }
    }
    return hashed.map(({ worldId, hash }) => held.has(`${worldId} ${hash}`));
  }

  async delete(token: string): Promise<void> {
    await this.q.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.q.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /**
   * Ends every session of the account but the one with `keepToken` (a
   * password changed from the settings page: the person who changed it
   * stays signed in). Returns the ended sessions' ids, for revocations.
   */
  async deleteOthersForUser(userId: string, keepToken: string): Promise<string[]> {
    const rows = await this.q
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '!=', hashToken(keepToken))
      .returning('token_hash')
      .execute();
    return rows.map((r) => r.token_hash);
  }

  async deleteExpired(): Promise<number> {
    const result = await this.q
      .deleteFrom('sessions')
      .where('expires_at', '<=', this.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
