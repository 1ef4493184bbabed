import { randomUUID } from 'node:crypto';
import type { SupportLogSummary } from '../../protocol';
import type { Db } from './db';

/** How many logs a world keeps; the oldest go first. */
export const SUPPORT_LOGS_PER_WORLD = 200;

/** Session logs users sent to their world's administrators (issue 10). */
export class SupportLogsRepository {
  constructor(private readonly db: Db) {}

  add(input: {
    worldId: string;
    userId: string;
    appVersion: string;
    actions: number;
    note: string;
    body: string;
    now?: Date;
  }): string {
    const id = randomUUID();
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO support_logs (id, world_id, user_id, created_at, app_version, actions, size, note, body)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          input.worldId,
          input.userId,
          (input.now ?? new Date()).toISOString(),
          input.appVersion,
          input.actions,
          Buffer.byteLength(input.body),
          input.note,
          input.body,
        );
      this.db
        .prepare(
          `DELETE FROM support_logs WHERE world_id = ? AND id NOT IN (
             SELECT id FROM support_logs WHERE world_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)`,
        )
        .run(input.worldId, input.worldId, SUPPORT_LOGS_PER_WORLD);
    })();
    return id;
  }

  list(worldId: string): SupportLogSummary[] {
    return this.db
      .prepare(
        `SELECT l.id, l.created_at, l.app_version, l.actions, l.size, l.note,
                u.name AS user_name, u.email AS user_email
         FROM support_logs l JOIN users u ON u.id = l.user_id
         WHERE l.world_id = ? ORDER BY l.created_at DESC, l.rowid DESC`,
      )
      .all(worldId) as SupportLogSummary[];
  }

  body(worldId: string, id: string): string | undefined {
    const row = this.db
      .prepare(`SELECT body FROM support_logs WHERE world_id = ? AND id = ?`)
      .get(worldId, id) as { body: string } | undefined;
    return row?.body;
  }
}
