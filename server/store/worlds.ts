import type { Db } from './db';

export interface WorldRow {
  id: string;
  name: string;
}

/** A world id is what appears in URLs: letters, digits, - and _. */
export const WORLD_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export class WorldsRepository {
  constructor(private readonly db: Db) {}

  list(): WorldRow[] {
    return this.db.prepare('SELECT id, name FROM worlds ORDER BY name').all() as WorldRow[];
  }

  byId(id: string): WorldRow | undefined {
    return this.db.prepare('SELECT id, name FROM worlds WHERE id = ?').get(id) as
      WorldRow | undefined;
  }

  create(id: string, name: string): WorldRow {
    if (!WORLD_ID_PATTERN.test(id)) throw new Error(`Invalid world id "${id}"`);
    this.db.prepare('INSERT INTO worlds (id, name) VALUES (?, ?)').run(id, name);
    return { id, name };
  }
}
