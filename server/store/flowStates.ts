import type { Queries } from './kysely';

/** One user's flow in one world. */
export interface FlowKey {
  worldId: string;
  userId: string;
  flowid: string;
}

/** How many flows are kept and for how long an untouched one is. */
export interface FlowBounds {
  max: number;
  idleMs: number;
}

const where = (key: FlowKey) =>
  ({ world_id: key.worldId, user_id: key.userId, flow_id: key.flowid }) as const;

/**
 * Where each user is in each server-driven flow, in the store, so every
 * instance on it sees the same step (a reload that lands elsewhere resumes).
 * Bounded like an LRU: entries untouched for idleMs are gone, and past `max`
 * the least recently touched go first. `now` is the caller's clock (epoch ms).
 */
export class FlowStatesRepository {
  constructor(private readonly q: Queries) {}

  /** The state, touched now; undefined when never saved, finished or idle too long. */
  async get(key: FlowKey, now: number, bounds: FlowBounds): Promise<unknown> {
    const match = where(key);
    const row = await this.q
      .updateTable('flow_states')
      .set({ touched_at: now })
      .where('world_id', '=', match.world_id)
      .where('user_id', '=', match.user_id)
      .where('flow_id', '=', match.flow_id)
      .where('touched_at', '>', now - bounds.idleMs)
      .returning('state')
      .executeTakeFirst();
    return row ? (JSON.parse(row.state) as unknown) : undefined;
  }

  /** Saves the state, then forgets idle entries and the oldest beyond `max`. */
  async set(key: FlowKey, state: unknown, now: number, bounds: FlowBounds): Promise<void> {
    const text = JSON.stringify(state);
    await this.q
      .insertInto('flow_states')
      .values({ ...where(key), state: text, touched_at: now })
      .onConflict((oc) =>
        oc
          .columns(['world_id', 'user_id', 'flow_id'])
          .doUpdateSet({ state: text, touched_at: now }),
      )
      .execute();
    await this.q
      .deleteFrom('flow_states')
      .where('touched_at', '<=', now - bounds.idleMs)
      .execute();
    await this.trim(bounds.max);
  }

  async delete(key: FlowKey): Promise<void> {
    const match = where(key);
    await this.q
      .deleteFrom('flow_states')
      .where('world_id', '=', match.world_id)
      .where('user_id', '=', match.user_id)
      .where('flow_id', '=', match.flow_id)
      .execute();
  }

  /** Entries kept now, idle ones included until the next save sweeps them. */
  async count(): Promise<number> {
    const row = await this.q
      .selectFrom('flow_states')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Drops the least recently touched entries beyond `max`. */
  private async trim(max: number): Promise<void> {
    const over = (await this.count()) - max;
    if (over <= 0) return;
    const oldest = await this.q
      .selectFrom('flow_states')
      .select(['world_id', 'user_id', 'flow_id'])
      .orderBy('touched_at')
      .orderBy('world_id')
      .orderBy('user_id')
      .orderBy('flow_id')
      .limit(over)
      .execute();
    for (const row of oldest)
      await this.delete({ worldId: row.world_id, userId: row.user_id, flowid: row.flow_id });
  }
}
