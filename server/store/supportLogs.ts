import { randomUUID } from 'node:crypto';
import type { SupportLogSummary } from '../../protocol';
import { inTransaction, type Queries } from './kysely';

/** How many logs a world keeps; the oldest go first. */
export const SUPPORT_LOGS_PER_WORLD = 200;

/** Session logs users sent to their world's administrators (issue 10). */
export class SupportLogsRepository {
  constructor(private readonly q: Queries) {}

  /** Stores a log and drops the world's oldest past SUPPORT_LOGS_PER_WORLD, in one transaction. */
  async add(input: {
    worldId: string;
    userId: string;
    appVersion: string;
    actions: number;
    note: string;
    body: string;
    now?: Date;
  }): Promise<string> {
    const id = randomUUID();
    await inTransaction(this.q, async (tx) => {
      await tx
        .insertInto('support_logs')
        .values({
          id,
          world_id: input.worldId,
          user_id: input.userId,
          created_at: (input.now ?? new Date()).toISOString(),
          app_version: input.appVersion,
          actions: input.actions,
          size: Buffer.byteLength(input.body),
          note: input.note,
          body: input.body,
        })
        .execute();
      const kept = tx
        .selectFrom('support_logs')
        .select('id')
        .where('world_id', '=', input.worldId)
        .orderBy('created_at', 'desc')
        .orderBy('rowid', 'desc')
        .limit(SUPPORT_LOGS_PER_WORLD);
      await tx
        .deleteFrom('support_logs')
        .where('world_id', '=', input.worldId)
        .where('id', 'not in', kept)
        .execute();
    });
    return id;
  }

  list(worldId: string): Promise<SupportLogSummary[]> {
    return this.q
      .selectFrom('support_logs as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.id',
        'l.created_at',
        'l.app_version',
        'l.actions',
        'l.size',
        'l.note',
        'u.name as user_name',
        'u.email as user_email',
      ])
      .where('l.world_id', '=', worldId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.rowid', 'desc')
      .execute();
  }

  async body(worldId: string, id: string): Promise<string | undefined> {
    const row = await this.q
      .selectFrom('support_logs')
      .select('body')
      .where('world_id', '=', worldId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.body;
  }
}
