import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db';

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
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a session and returns its token (goes only into the httpOnly cookie). */
  create(userId: string): { token: string; expiresAt: number } {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = now + this.ttlMs;
    this.db
      .prepare(
        'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      )
      .run(hashToken(token), userId, now, expiresAt);
    return { token, expiresAt };
  }

  /** The live session for a token, or undefined when unknown or expired. */
  find(token: string | undefined): SessionRow | undefined {
    if (!token) return undefined;
    const row = this.db
      .prepare('SELECT user_id, expires_at FROM sessions WHERE token_hash = ?')
      .get(hashToken(token)) as SessionRow | undefined;
    if (!row) return undefined;
    if (row.expires_at <= this.now()) {
      this.delete(token);
      return undefined;
    }
    return row;
  }

  delete(token: string): void {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
  }

  deleteForUser(userId: string): void {
    this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  }

  deleteExpired(): number {
    return this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(this.now()).changes;
  }
}
