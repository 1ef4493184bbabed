import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';

/** An app name as it appears in tokens, URLs and the registry. */
export const APP_NAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,99}$/i;

export interface AppTokenRow {
  app_name: string;
  world_id: string;
  created_at: string;
  last_used_at: string | null;
}

const TOKEN_PREFIX = 'emgapp_';

function sha256(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * The tokens remote apps connect with: one per app and world. Only the
 * sha256 of a token is stored; the token itself is shown once, when created.
 */
export class AppTokensRepository {
  constructor(private readonly db: Db) {}

  /** A new token for the app in the world, replacing any earlier one. */
  create(appName: string, worldId: string): string {
    if (!APP_NAME_PATTERN.test(appName)) throw new Error(`Invalid app name "${appName}"`);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    this.db
      .prepare(
        `INSERT INTO app_tokens (app_name, world_id, token_hash, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (app_name, world_id) DO UPDATE SET
           token_hash = excluded.token_hash, created_at = excluded.created_at, last_used_at = NULL`,
      )
      .run(appName, worldId, sha256(token).toString('hex'), new Date().toISOString());
    return token;
  }

  /** Is this the app's token for the world? Marks it used when it is. */
  verify(appName: string, worldId: string, token: string | undefined): boolean {
    const ok = this.matches(appName, worldId, token);
    if (ok) {
      this.db
        .prepare('UPDATE app_tokens SET last_used_at = ? WHERE app_name = ? AND world_id = ?')
        .run(new Date().toISOString(), appName, worldId);
    }
    return ok;
  }

  /** Is this (still) the app's token for the world? Reads only; open app sockets ask it often. */
  matches(appName: string, worldId: string, token: string | undefined): boolean {
    if (!token) return false;
    const row = this.db
      .prepare('SELECT token_hash FROM app_tokens WHERE app_name = ? AND world_id = ?')
      .get(appName, worldId) as { token_hash: string } | undefined;
    return row !== undefined && timingSafeEqual(Buffer.from(row.token_hash, 'hex'), sha256(token));
  }

  list(): AppTokenRow[] {
    return this.db
      .prepare(
        'SELECT app_name, world_id, created_at, last_used_at FROM app_tokens ORDER BY world_id, app_name',
      )
      .all() as AppTokenRow[];
  }

  revoke(appName: string, worldId: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM app_tokens WHERE app_name = ? AND world_id = ?')
        .run(appName, worldId).changes > 0
    );
  }
}
