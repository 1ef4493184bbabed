import type { Database } from '../schema';

/** A table `npm run db -- copy` moves: every table of the schema and the full-text rows. */
export type CopiedTable = keyof Database | 'drive_fts';

/**
 * Every table the copy moves, parents before children, so that each row's
 * foreign keys already exist on PostgreSQL when it is inserted.
 * `schema_migrations` is not copied: the target's own migrations wrote it.
 * drive_fts is FTS5 on SQLite (its shadow tables are FTS5's index, not data)
 * and on PostgreSQL a table whose tsvector PostgreSQL computes on insert.
 */
export const COPIED_TABLES = [
  'worlds',
  'users',
  'user_settings',
  'world_members',
  'audit_events',
  'sessions',
  'console_messages',
  'experts',
  'meta',
  'workspaces',
  'workspace_experts',
  'workspace_toolproviders',
  'workspace_users',
  'workspace_user_marks',
  'messages',
  'research_boxes',
  'traces',
  'drives',
  'drive_files',
  'drive_file_tags',
  'drive_fts',
  'drive_file_versions',
  'drive_trash',
  'workspace_files',
  'app_tokens',
  'support_logs',
  'mcp_providers',
  'semantic_passages',
  'semantic_embeddings',
  'blob_writers',
  'blob_leases',
  'flow_states',
  'oidc_pending',
  'meeting_instances',
  'answers_under_way',
] as const satisfies readonly CopiedTable[];

/** A table added to schema.ts and not to the list above fails the type check here. */
type Forgotten = Exclude<CopiedTable, (typeof COPIED_TABLES)[number]>;
const everyTableListed: [Forgotten] extends [never] ? true : Forgotten = true;
void everyTableListed;

/** The migrations' own bookkeeping: each store keeps its own. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Indexes each store derives from copied rows and so are not copied:
 * messages_fts (migration 21) is FTS5 on SQLite and on PostgreSQL a table its
 * trigger on messages fills as each message arrives; drive_listing_revisions
 * (migration 28) is counted by triggers on the drive tables as rows arrive.
 */
export const DERIVED_TABLES: readonly string[] = ['messages_fts', 'drive_listing_revisions'];
