import type { Queries } from './kysely';

export interface WorldRow {
  id: string;
  name: string;
}

/** A world id is what appears in URLs: letters, digits, - and _. */
export const WORLD_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export class WorldsRepository {
  constructor(private readonly q: Queries) {}

  list(): Promise<WorldRow[]> {
    return this.q.selectFrom('worlds').select(['id', 'name']).orderBy('name').execute();
  }

  byId(id: string): Promise<WorldRow | undefined> {
    return this.q
      .selectFrom('worlds')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async rename(id: string, name: string): Promise<boolean> {
    const result = await this.q
      .updateTable('worlds')
      .set({ name })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async create(id: string, name: string): Promise<WorldRow> {
    if (!WORLD_ID_PATTERN.test(id)) throw new Error(`Invalid world id "${id}"`);
    await this.q.insertInto('worlds').values({ id, name }).execute();
    return { id, name };
  }
}
