import type { ConsoleMessage } from '../../protocol';
import type { Queries } from './kysely';

/** Entries kept per world; older ones are dropped so the log never grows without bound. */
export const CONSOLE_LIMIT_PER_WORLD = 2000;

/** What the console repositories of one store (and its transactions) share. */
export interface ConsoleShared {
  /** Inserts so far, so trimming stays loose but real. */
  count: number;
  /** Entries written without waiting and not yet stored: the store waits for them before it closes. */
  inFlight: Set<Promise<void>>;
}

/** The per-world console the admin Console page shows (SPEC §2 "Console page"). */
export class ConsoleRepository {
  constructor(
    private readonly q: Queries,
    private readonly limit = CONSOLE_LIMIT_PER_WORLD,
    private readonly inserts: ConsoleShared = { count: 0, inFlight: new Set() },
  ) {}

  /**
   * Appends without the caller waiting, for entries written on the side of
   * real work; `lost` hears about an entry the store could not take. The
   * store finishes these before it closes, so a note written as the server
   * shuts down (an app disconnected) is kept.
   */
  appendInBackground(
    worldId: string,
    entry: { app_name: string; from: string; message: string },
    lost: (err: unknown) => void,
  ): void {
    const write = this.append(worldId, entry).catch(lost);
    this.inserts.inFlight.add(write);
    void write.finally(() => this.inserts.inFlight.delete(write));
  }

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
