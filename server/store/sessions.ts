import { createHash, randomBytes } from 'node:crypto';
import type { Queries } from './kysely';

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
