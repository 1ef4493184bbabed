import { randomUUID } from 'node:crypto';
import type { Db } from './db';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  totp_secret: string | null;
  /** The TOTP time step of the last code accepted; codes of that step or earlier are spent. */
  totp_last_step: number | null;
  active_world: string | null;
  oidc_subject: string | null;
}

export interface WorldAccess {
  world_id: string;
  name: string;
  is_admin: boolean;
}

/** Accounts and their access to worlds. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  byEmail(email: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim()) as
      UserRow | undefined;
  }

  byId(id: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  }

  byOidcSubject(subject: string): UserRow | undefined {
    return this.db.prepare('SELECT * FROM users WHERE oidc_subject = ?').get(subject) as
      UserRow | undefined;
  }

  setOidcSubject(userId: string, subject: string): void {
    this.db.prepare('UPDATE users SET oidc_subject = ? WHERE id = ?').run(subject, userId);
  }

  list(): UserRow[] {
    return this.db.prepare('SELECT * FROM users ORDER BY email').all() as UserRow[];
  }

  create(input: { email: string; name: string; passwordHash: string | null }): UserRow {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO users (id, email, name, password_hash) VALUES (?, ?, ?, ?)')
      .run(id, input.email.trim(), input.name, input.passwordHash);
    return this.byId(id)!;
  }

  setPasswordHash(userId: string, hash: string): void {
    this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, userId);
  }

  setTotpSecret(userId: string, secret: string | null): void {
    this.db
      .prepare('UPDATE users SET totp_secret = ?, totp_last_step = NULL WHERE id = ?')
      .run(secret, userId);
  }

  /**
   * Spends a TOTP time step: true only for the first sign-in that uses it, so
   * two requests racing with the same code cannot both succeed.
   */
  spendTotpStep(userId: string, step: number): boolean {
    return (
      this.db
        .prepare(
          `UPDATE users SET totp_last_step = ?
           WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)`,
        )
        .run(step, userId, step).changes === 1
    );
  }

  setActiveWorld(userId: string, worldId: string): void {
    this.db.prepare('UPDATE users SET active_world = ? WHERE id = ?').run(worldId, userId);
  }

  grant(userId: string, worldId: string, isAdmin: boolean): void {
    this.db
      .prepare(
        `INSERT INTO world_members (world_id, user_id, is_admin) VALUES (?, ?, ?)
         ON CONFLICT (world_id, user_id) DO UPDATE SET is_admin = excluded.is_admin`,
      )
      .run(worldId, userId, isAdmin ? 1 : 0);
  }

  revoke(userId: string, worldId: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM world_members WHERE world_id = ? AND user_id = ?')
        .run(worldId, userId).changes > 0
    );
  }

  /** The worlds this user may enter, in name order. */
  worlds(userId: string): WorldAccess[] {
    return (
      this.db
        .prepare(
          `SELECT w.id AS world_id, w.name AS name, m.is_admin AS is_admin
           FROM world_members m JOIN worlds w ON w.id = m.world_id
           WHERE m.user_id = ? ORDER BY w.name`,
        )
        .all(userId) as { world_id: string; name: string; is_admin: number }[]
    ).map((r) => ({ ...r, is_admin: r.is_admin === 1 }));
  }

  access(userId: string, worldId: string): WorldAccess | undefined {
    return this.worlds(userId).find((w) => w.world_id === worldId);
  }
}
