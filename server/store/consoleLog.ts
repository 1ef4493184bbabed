import type { ConsoleMessage } from '../../protocol';
import type { Db } from './db';

/** Entries kept per world; older ones are dropped so the log never grows without bound. */
export const CONSOLE_LIMIT_PER_WORLD = 2000;

/** The per-world console the admin Console page shows (SPEC §2 "Console page"). */
export class ConsoleRepository {
  private inserts = 0;

  constructor(
    private readonly db: Db,
    private readonly limit = CONSOLE_LIMIT_PER_WORLD,
  ) {}

  append(worldId: string, entry: { app_name: string; from: string; message: string }): void {
    this.db
      .prepare(
        'INSERT INTO console_messages (world_id, time, app_name, source, message) VALUES (?, ?, ?, ?, ?)',
      )
      .run(
        worldId,
        new Date().toISOString(),
        entry.app_name,
        entry.from,
        entry.message.slice(0, 4000),
      );
    // Trimming on every insert would cost a scan; every 50th keeps the bound loose but real.
    if (++this.inserts % 50 === 0) this.trim(worldId);
  }

  trim(worldId: string): void {
    this.db
      .prepare(
        `DELETE FROM console_messages WHERE world_id = ? AND id <= (
           SELECT id FROM console_messages WHERE world_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?
         )`,
      )
      .run(worldId, worldId, this.limit);
  }

  list(worldId: string, limit = this.limit): ConsoleMessage[] {
    return this.db
      .prepare(
        `SELECT time, app_name, source AS "from", message FROM (
             SELECT * FROM console_messages WHERE world_id = ? ORDER BY id DESC LIMIT ?
           ) ORDER BY id ASC`,
      )
      .all(worldId, limit) as ConsoleMessage[];
  }

  clear(worldId: string): void {
    this.db.prepare('DELETE FROM console_messages WHERE world_id = ?').run(worldId);
  }

  /** Clears the world's console, leaving one entry that says who cleared it. */
  clearBy(worldId: string, who: string): void {
    this.clear(worldId);
    this.append(worldId, {
      app_name: 'emgen',
      from: 'system',
      message: `Console cleared by ${who}`,
    });
  }
}
