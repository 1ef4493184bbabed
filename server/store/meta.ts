import type { Queries } from './kysely';

/** Small key/value facts about this installation (e.g. whether the seed ran). */
export class MetaRepository {
  constructor(private readonly q: Queries) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.q
      .selectFrom('meta')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.q
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
