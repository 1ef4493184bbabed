import type { ConsoleMessage } from '../../protocol';
import type { Queries } from './kysely';

/** Entries kept per world; older ones are dropped so the log never grows without bound. */
export const CONSOLE_LIMIT_PER_WORLD = 2000;

/** The per-world console the admin Console page shows (SPEC §2 "Console page"). */
export class ConsoleRepository {
  constructor(
    private readonly q: Queries,
    private readonly limit = CONSOLE_LIMIT_PER_WORLD,
    /** Shared by the repositories of one store (and its transactions), so trimming stays loose but real. */
    private readonly inserts = { count: 0 },
  ) {}

  async append(
    worldId: string,
    entry: { app_name: string; from: string; message: string },
  ): Promise<void> {
    await this.q
      .insertInto('console_messages')
      .values({
        world_id: worldId,
        time: new Date().toISOString(),
        app_name: entry.app_name,
        source: entry.from,
        message: entry.message.slice(0, 4000),
      })
      .execute();
    // Trimming on every insert would cost a scan; every 50th keeps the bound loose but real.
    if (++this.inserts.count % 50 === 0) await this.trim(worldId);
  }

  async trim(worldId: string): Promise<void> {
    const newest = await this.q
      .selectFrom('console_messages')
      .select('id')
      .where('world_id', '=', worldId)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(this.limit)
      .executeTakeFirst();
    if (!newest) return;
    await this.q
      .deleteFrom('console_messages')
      .where('world_id', '=', worldId)
      .where('id', '<=', newest.id)
      .execute();
  }

  async list(worldId: string, limit = this.limit): Promise<ConsoleMessage[]> {
    const rows = await this.q
      .selectFrom('console_messages')
      .select(['time', 'app_name', 'source as from', 'message'])
      .where('world_id', '=', worldId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  async clear(worldId: string): Promise<void> {
    await this.q.deleteFrom('console_messages').where('world_id', '=', worldId).execute();
  }

  /** Clears the world's console, leaving one entry that says who cleared it. */
  async clearBy(worldId: string, who: string): Promise<void> {
    await this.clear(worldId);
    await this.append(worldId, {
      app_name: 'emgen',
      from: 'system',
      message: `Console cleared by ${who}`,
    });
  }
}
