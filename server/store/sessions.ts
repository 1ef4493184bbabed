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

  async delete(token: string): Promise<void> {
    await this.q.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.q.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(): Promise<number> {
    const result = await this.q
      .deleteFrom('sessions')
      .where('expires_at', '<=', this.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
