import type { Migration } from './types';

/** Migration 22, the same SQL on SQLite and PostgreSQL. */
export const messageVersionsMigration: Migration = {
  id: 22,
  name: 'message versions: model, time taken, stopped mark and earlier versions of a message',
  /*
   * An answer says which model gave it and how long it took, and whether
   * the user stopped it; a regenerated answer or an edited question keeps
   * its earlier versions (JSON: protocol/messageVersions.ts) on its row, so
   * the transcript keeps one row per message and its paging is unchanged.
   */
  sql: `
      ALTER TABLE messages ADD COLUMN model TEXT;
      ALTER TABLE messages ADD COLUMN duration_ms INTEGER;
      ALTER TABLE messages ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE messages ADD COLUMN versions TEXT;
    `,
};
