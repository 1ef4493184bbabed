import type { Db } from './db';

/** Small key/value facts about this installation (e.g. whether the seed ran). */
export class MetaRepository {
  constructor(private readonly db: Db) {}

  get(key: string): string | undefined {
    return (
      this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
        { value: string } | undefined
    )?.value;
  }

  set(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }
}
