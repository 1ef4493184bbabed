import type { Migration } from './types';

/**
 * Migration 21, one file for both dialects (same id and name): what the
 * workspace page's sidebar of conversations needs.
 *
 * - `workspaces.deleted_at`: deletion is soft, so the flash's Undo can bring a
 *   workspace back; a sweep purges rows deleted longer ago than
 *   WORKSPACE_PURGE_AFTER_MS (workspaces.ts). A deleted row is found by no
 *   lookup but the ones restore and the sweep make.
 * - `workspace_user_marks`: pins and archives are each person's own (one
 *   person's pin never reorders another's list).
 * - `messages_fts`: a full-text index over messages' content, rowid = the
 *   message's seq, kept in step by triggers on messages, so every write path
 *   (addMessage's upsert, addMessageUnlessStored, a workspace's cascade
 *   delete, a copy between stores) updates it without the repository doing
 *   so. SQLite: FTS5 with the drive index's tokenizer. PostgreSQL: a table
 *   with a stored tsvector (the drive index's configuration and its 1 MB
 *   guard, emgen_search_document) and a GIN index.
 */
const NAME =
  'per-person pins and archives, soft-deleted workspaces, full-text search over messages';

export const sqliteWorkspaceLists: Migration = {
  id: 21,
  name: NAME,
  sql: `
    ALTER TABLE workspaces ADD COLUMN deleted_at TEXT;
    CREATE INDEX workspaces_deleted ON workspaces(deleted_at) WHERE deleted_at IS NOT NULL;
    CREATE TABLE workspace_user_marks (
      workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      pinned_at TEXT,
      archived_at TEXT,
      PRIMARY KEY (workspace_id, user_id)
    );
    CREATE INDEX workspace_user_marks_user ON workspace_user_marks(user_id, workspace_id);
    CREATE VIRTUAL TABLE messages_fts USING fts5(body, tokenize = 'porter unicode61');
    INSERT INTO messages_fts (rowid, body) SELECT seq, coalesce(content, '') FROM messages;
    CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
      INSERT INTO messages_fts (rowid, body) VALUES (new.seq, coalesce(new.content, ''));
    END;
    CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
      UPDATE messages_fts SET body = coalesce(new.content, '') WHERE rowid = new.seq;
    END;
    CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
      DELETE FROM messages_fts WHERE rowid = old.seq;
    END;
  `,
};

/** messages_fts' column that only PostgreSQL has (FTS5's shadow tables on SQLite). */
export const POSTGRES_ONLY_MESSAGE_FTS_COLUMNS = ['document'] as const;

export const postgresWorkspaceLists: Migration = {
  id: 21,
  name: NAME,
  sql: `
    ALTER TABLE workspaces ADD COLUMN deleted_at TEXT COLLATE "C";
    CREATE INDEX workspaces_deleted ON workspaces(deleted_at) WHERE deleted_at IS NOT NULL;
    CREATE TABLE workspace_user_marks (
      workspace_id TEXT COLLATE "C" NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      pinned_at TEXT COLLATE "C",
      archived_at TEXT COLLATE "C",
      PRIMARY KEY (workspace_id, user_id)
    );
    CREATE INDEX workspace_user_marks_user ON workspace_user_marks(user_id, workspace_id);
    CREATE TABLE messages_fts (
      rowid BIGINT PRIMARY KEY REFERENCES messages(seq) ON DELETE CASCADE,
      body TEXT,
      document tsvector NOT NULL
        GENERATED ALWAYS AS (emgen_search_document(NULL, NULL, NULL, NULL, body)) STORED
    );
    CREATE INDEX messages_fts_document ON messages_fts USING gin (document);
    CREATE FUNCTION emgen_messages_fts() RETURNS trigger
      LANGUAGE plpgsql
      SET search_path FROM CURRENT
      AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO messages_fts (rowid, body) VALUES (NEW.seq, coalesce(NEW.content, ''));
        ELSE
          UPDATE messages_fts SET body = coalesce(NEW.content, '') WHERE rowid = NEW.seq;
        END IF;
        RETURN NULL;
      END
      $$;
    CREATE TRIGGER messages_fts_write
      AFTER INSERT OR UPDATE OF content ON messages
      FOR EACH ROW EXECUTE FUNCTION emgen_messages_fts();
    INSERT INTO messages_fts (rowid, body) SELECT seq, coalesce(content, '') FROM messages;
  `,
};
