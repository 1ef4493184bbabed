import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queries } from './kysely';

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
  constructor(private readonly q: Queries) {}

  /** A new token for the app in the world, replacing any earlier one. */
  async create(appName: string, worldId: string): Promise<string> {
    if (!APP_NAME_PATTERN.test(appName)) throw new Error(`Invalid app name "${appName}"`);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const token_hash = sha256(token).toString('hex');
    const created_at = new Date().toISOString();
    await this.q
      .insertInto('app_tokens')
      .values({ app_name: appName, world_id: worldId, token_hash, created_at })
      .onConflict((oc) =>
        oc
          .columns(['app_name', 'world_id'])
          .doUpdateSet({ token_hash, created_at, last_used_at: null }),
      )
      .execute();
    return token;
  }

  /** Is this the app's token for the world? Marks it used when it is. */
  async verify(appName: string, worldId: string, token: string | undefined): Promise<boolean> {
    const ok = await this.matches(appName, worldId, token);
    if (ok) {
      await this.q
        .updateTable('app_tokens')
        .set({ last_used_at: new Date().toISOString() })
        .where('app_name', '=', appName)
        .where('world_id', '=', worldId)
        .execute();
    }
    return ok;
  }

  /** Is this (still) the app's token for the world? Reads only; open app sockets ask it often. */
  async matches(appName: string, worldId: string, token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const row = await this.q
      .selectFrom('app_tokens')
      .select('token_hash')
      .where('app_name', '=', appName)
      .where('world_id', '=', worldId)
      .executeTakeFirst();
    return row !== undefined && timingSafeEqual(Buffer.from(row.token_hash, 'hex'), sha256(token));
  }

  list(): Promise<AppTokenRow[]> {
    return this.q
      .selectFrom('app_tokens')
      .select(['app_name', 'world_id', 'created_at', 'last_used_at'])
      .orderBy('world_id')
      .orderBy('app_name')
      .execute();
  }

  async revoke(appName: string, worldId: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('app_tokens')
      .where('app_name', '=', appName)
      .where('world_id', '=', worldId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
