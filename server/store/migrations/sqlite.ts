import { sqliteModuleMigrations } from './moduleMigrations';
import type { Migration } from './types';

/**
 * The SQLite schema, applied in order on start (db.ts). Never edit a
 * migration that has shipped; add a new one here and in postgres.ts.
 */
export const sqliteMigrations: Migration[] = [
  {
    id: 1,
    name: 'accounts, worlds, sessions, console',
    sql: `
      CREATE TABLE worlds (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT,
        totp_secret TEXT,
        active_world TEXT REFERENCES worlds(id) ON DELETE SET NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE TABLE world_members (
        world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        is_admin INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (world_id, user_id)
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE console_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        world_id TEXT NOT NULL,
        time TEXT NOT NULL,
        app_name TEXT NOT NULL,
        source TEXT NOT NULL,
        message TEXT NOT NULL
      );
      CREATE INDEX console_world ON console_messages(world_id, id);
      CREATE TABLE experts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        keywords TEXT NOT NULL DEFAULT '[]',
        home_link TEXT,
        description TEXT NOT NULL DEFAULT '',
        model TEXT,
        system_prompt TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
      );
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
  {
    id: 2,
    name: 'link accounts to an OpenID Connect subject',
    sql: `
      ALTER TABLE users ADD COLUMN oidc_subject TEXT;
      CREATE UNIQUE INDEX users_oidc_subject ON users(oidc_subject) WHERE oidc_subject IS NOT NULL;
    `,
  },
  {
    id: 3,
    name: 'workspaces and their transcripts',
    sql: `
      CREATE TABLE workspaces (
        id TEXT PRIMARY KEY,
        world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
        name TEXT,
        created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX workspaces_world ON workspaces(world_id, created_at);
      CREATE TABLE workspace_experts (
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        expert_id TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (workspace_id, expert_id)
      );
      CREATE TABLE workspace_toolproviders (
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        provider_name TEXT NOT NULL,
        PRIMARY KEY (workspace_id, provider_name)
      );
      CREATE TABLE workspace_users (
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (workspace_id, user_id)
      );
      CREATE TABLE messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        name TEXT NOT NULL,
        expert_id TEXT,
        user_id TEXT,
        content TEXT,
        html TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX messages_workspace ON messages(workspace_id, seq);
      CREATE TABLE research_boxes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        name TEXT,
        title TEXT,
        html TEXT,
        content TEXT,
        UNIQUE (workspace_id, id)
      );
      CREATE TABLE traces (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        html TEXT,
        value TEXT
      );
      CREATE INDEX traces_workspace ON traces(workspace_id, seq);
    `,
  },
  {
    id: 4,
    name: 'draft workspaces',
    sql: `
      ALTER TABLE workspaces ADD COLUMN status TEXT NOT NULL DEFAULT 'active'
        CHECK (status IN ('draft', 'active'));
      CREATE INDEX workspaces_status ON workspaces(status, created_at);
      CREATE INDEX workspace_users_user ON workspace_users(user_id, workspace_id);
    `,
  },
  {
    id: 5,
    name: 'drives, files, tags, full-text index and workspace files',
    sql: `
      CREATE TABLE drives (
        id TEXT PRIMARY KEY,
        world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        app_name TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (world_id, name)
      );
      CREATE TABLE drive_files (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        drive_id TEXT NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        hash TEXT NOT NULL,
        tags TEXT NOT NULL DEFAULT '[]',
        description TEXT,
        index_error TEXT,
        indexed_at TEXT,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        UNIQUE (drive_id, path)
      );
      CREATE INDEX drive_files_name ON drive_files(drive_id, name);
      CREATE INDEX drive_files_size ON drive_files(drive_id, size);
      CREATE INDEX drive_files_updated ON drive_files(drive_id, updated_at);
      CREATE INDEX drive_files_hash ON drive_files(hash);
      CREATE INDEX drive_files_pending ON drive_files(indexed_at) WHERE indexed_at IS NULL;
      CREATE TABLE drive_file_tags (
        file_id INTEGER NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
        drive_id TEXT NOT NULL,
        tag TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (file_id, tag)
      );
      CREATE INDEX drive_file_tags_tag ON drive_file_tags(drive_id, tag);
      CREATE VIRTUAL TABLE drive_fts USING fts5(
        path, name, description, tags, body, tokenize = 'porter unicode61'
      );
      CREATE TABLE workspace_files (
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        drive_id TEXT NOT NULL REFERENCES drives(id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (workspace_id, drive_id, path)
      );
    `,
  },
  {
    id: 6,
    name: 'app tokens for remote apps',
    sql: `
      CREATE TABLE app_tokens (
        app_name TEXT NOT NULL,
        world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        PRIMARY KEY (app_name, world_id)
      );
    `,
  },
  {
    id: 7,
    name: 'support logs users sent to their world',
    sql: `
      CREATE TABLE support_logs (
        id TEXT PRIMARY KEY,
        world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        app_version TEXT NOT NULL,
        actions INTEGER NOT NULL,
        size INTEGER NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        body TEXT NOT NULL
      );
      CREATE INDEX support_logs_by_world ON support_logs (world_id, created_at);
    `,
  },
  {
    id: 8,
    name: 'the last TOTP time step used at sign-in, so a code works once',
    sql: `ALTER TABLE users ADD COLUMN totp_last_step INTEGER;`,
  },
  {
    id: 9,
    name: 'count text extraction attempts, so a file that stopped the server is not retried forever',
    sql: `
      ALTER TABLE drive_files ADD COLUMN index_attempts INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    id: 10,
    name: 'semantic index tables: concept vectors and embeddings',
    // The indexes used to create these themselves, so existing stores have them already.
    sql: `
      CREATE TABLE IF NOT EXISTS semantic_concepts (
        file_id INTEGER NOT NULL,
        chunk INTEGER NOT NULL,
        drive_id TEXT NOT NULL,
        version TEXT NOT NULL,
        bag TEXT NOT NULL,
        synsets BLOB NOT NULL,
        weights BLOB NOT NULL,
        terms TEXT NOT NULL,
        PRIMARY KEY (file_id, chunk)
      );
      CREATE INDEX IF NOT EXISTS semantic_concepts_drive ON semantic_concepts(drive_id);
      CREATE TABLE IF NOT EXISTS semantic_embeddings (
        file_id INTEGER NOT NULL,
        chunk INTEGER NOT NULL,
        drive_id TEXT NOT NULL,
        model TEXT NOT NULL,
        vector BLOB NOT NULL,
        PRIMARY KEY (file_id, chunk)
      );
      CREATE INDEX IF NOT EXISTS semantic_embeddings_drive ON semantic_embeddings(drive_id);
    `,
  },
  {
    id: 11,
    name: 'full-text search on PostgreSQL: porter stemming as FTS5, the drive beside each document, documents kept in the row',
    // FTS5 filters and ranks from its own index: nothing changes on SQLite.
    sql: `SELECT 1;`,
  },
  {
    id: 12,
    name: 'text sorts and compares byte for byte on PostgreSQL, as on SQLite',
    // SQLite's BINARY (and NOCASE's ASCII folding) is the order both stores give.
    sql: `SELECT 1;`,
  },
  {
    id: 13,
    name: 'blob writers and their leases, so no instance sweeps a blob another is committing',
    sql: `
      CREATE TABLE blob_writers (
        id TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL
      );
      CREATE TABLE blob_leases (
        id TEXT PRIMARY KEY,
        writer_id TEXT NOT NULL REFERENCES blob_writers(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        taken_at INTEGER NOT NULL
      );
      CREATE INDEX blob_leases_hash ON blob_leases(hash);
      CREATE INDEX blob_leases_writer ON blob_leases(writer_id);
    `,
  },
  {
    id: 14,
    name: 'flow state per world, user and flow, shared by every instance on the store',
    sql: `
      CREATE TABLE flow_states (
        world_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        flow_id TEXT NOT NULL,
        state TEXT NOT NULL,
        touched_at INTEGER NOT NULL,
        PRIMARY KEY (world_id, user_id, flow_id)
      );
      CREATE INDEX flow_states_touched ON flow_states(touched_at);
    `,
  },
  {
    id: 15,
    name: 'pending OIDC sign-ins, so the callback may come back to another instance',
    sql: `
      CREATE TABLE oidc_pending (
        state TEXT PRIMARY KEY,
        verifier TEXT NOT NULL,
        nonce TEXT NOT NULL,
        next TEXT, world TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX oidc_pending_created ON oidc_pending(created_at);
    `,
  },
  {
    id: 16,
    name: 'meeting instances and the answers each has under way, so the rounds of one that died end failed',
    sql: `
      CREATE TABLE meeting_instances (
        id TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL
      );
      CREATE TABLE answers_under_way (
        answer_id TEXT PRIMARY KEY,
        instance_id TEXT NOT NULL,
        world_id TEXT NOT NULL,
        workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        expert_id TEXT NOT NULL,
        expert_name TEXT NOT NULL,
        cid TEXT NOT NULL,
        started_at INTEGER NOT NULL
      );
      CREATE INDEX answers_under_way_instance ON answers_under_way(instance_id);
      CREATE INDEX answers_under_way_workspace ON answers_under_way(workspace_id);
    `,
  },
  {
    id: 17,
    name: "each file's indexing state (queued, running, failed, indexed), shared by every instance",
    sql: `
      ALTER TABLE drive_files ADD COLUMN index_state TEXT NOT NULL DEFAULT 'queued';
      UPDATE drive_files
         SET index_state = CASE WHEN index_error IS NULL THEN 'indexed' ELSE 'failed' END
       WHERE indexed_at IS NOT NULL;
    `,
  },
  {
    id: 18,
    name: 'the tool providers each expert brings, preselected when a workspace is created with it',
    /*
     * A JSON list of provider names; NULL when the expert declares no list
     * (its providers are then read from its specialties). The demo experts
     * are stored once, on the first start, so their lists are written here
     * for installations seeded before this migration.
     */
    sql: `
      ALTER TABLE experts ADD COLUMN tool_providers TEXT;
      UPDATE experts SET tool_providers = '["calculations"]' WHERE id = 'ada-quant';
      UPDATE experts SET tool_providers = '["date_and_time"]' WHERE id = 'chrono';
      UPDATE experts SET tool_providers = '["documents"]' WHERE id = 'librarian';
      UPDATE experts SET tool_providers = '["web_search"]' WHERE id = 'scout';
      UPDATE experts SET tool_providers = '["calculations","date_and_time"]' WHERE id = 'devon';
    `,
  },
  {
    id: 19,
    name: 'word-vector passages replace WordNet concept vectors; embeddings know their passage',
    /*
     * The embedded semantic index keeps each passage's words (vectors are
     * made from them on load) and where it sits in the file, so a hit can
     * show and cite it. Concept rows are dropped, and every indexed file is
     * queued again so that the index that replaces them reads it.
     */
    sql: `
      CREATE TABLE semantic_passages (
        file_id INTEGER NOT NULL,
        chunk INTEGER NOT NULL,
        drive_id TEXT NOT NULL,
        version TEXT NOT NULL,
        start INTEGER NOT NULL,
        stop INTEGER NOT NULL,
        heading TEXT NOT NULL,
        words TEXT NOT NULL,
        PRIMARY KEY (file_id, chunk)
      );
      CREATE INDEX semantic_passages_drive ON semantic_passages(drive_id);
      DROP TABLE semantic_concepts;
      ALTER TABLE semantic_embeddings ADD COLUMN start INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE semantic_embeddings ADD COLUMN stop INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE semantic_embeddings ADD COLUMN heading TEXT NOT NULL DEFAULT '';
      UPDATE drive_files SET indexed_at = NULL, index_state = 'queued', index_attempts = 0
       WHERE index_state = 'indexed';
    `,
  },
  ...sqliteModuleMigrations,
];
