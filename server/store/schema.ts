import type { Generated } from 'kysely';
import type { IndexState } from '../../protocol';

/**
 * Every table as the query layer sees it, the same in both dialects (the
 * migrations in each dialect create exactly these columns). Times are ISO
 * text except sessions' epoch milliseconds; flags are integers 0/1; JSON
 * lists are text. Only server/store/ imports this.
 */
export interface Database {
  worlds: { id: string; name: string; created_at: Generated<string> };
  users: {
    id: string;
    email: string;
    name: string;
    password_hash: string | null;
    totp_secret: string | null;
    /** The TOTP time step of the last code accepted; codes of that step or earlier are spent. */
    totp_last_step: number | null;
    active_world: string | null;
    oidc_subject: string | null;
    created_at: Generated<string>;
    /** When an administrator disabled the account (it cannot sign in); null while enabled. */
    disabled_at: Generated<string | null>;
    /** 1 while the password is a temporary one an administrator set: sign-in asks for a new one. */
    must_change_password: Generated<number>;
    /** 1: administers every account and world, not only the worlds it is an admin of. */
    global_admin: Generated<number>;
  };
  /** One person's own settings (migration 23); no row means the defaults. */
  user_settings: {
    user_id: string;
    avatar_color: string | null;
    theme: Generated<string>;
    /** One of protocol/settings.ts LANGUAGE_CHOICES (migration 27). */
    language: Generated<string>;
    /** JSON of protocol/settings.ts DevToolsPreferences, or NULL for the defaults. */
    devtools: string | null;
    /** A PIN secret being enrolled: not asked for at sign-in until a code confirms it. */
    pending_totp_secret: string | null;
    pending_totp_at: string | null;
    updated_at: string;
  };
  world_members: { world_id: string; user_id: string; is_admin: Generated<number> };
  audit_events: {
    id: Generated<number>;
    /** ISO time of the event. */
    at: string;
    action: string;
    /** Where it was done: 'web' (a browser or API call), 'cli' (npm run users), 'socket'. */
    source: string;
    actor_id: string | null;
    actor_email: string | null;
    target_id: string | null;
    /** What the target was called then (an email, a world or app name). */
    target_label: string | null;
    world_id: string | null;
    ip: string | null;
    user_agent: string | null;
    /** A short sentence of what changed (never a secret). */
    detail: string | null;
  };
  sessions: { token_hash: string; user_id: string; created_at: number; expires_at: number };
  console_messages: {
    id: Generated<number>;
    world_id: string;
    time: string;
    app_name: string;
    source: string;
    message: string;
  };
  experts: {
    id: string;
    name: string;
    keywords: Generated<string>;
    home_link: string | null;
    description: Generated<string>;
    model: string | null;
    system_prompt: string | null;
    /** JSON array of tool provider names; NULL when the expert declares no list. */
    tool_providers: string | null;
    created_at: Generated<string>;
  };
  meta: { key: string; value: string };
  workspaces: {
    id: string;
    world_id: string;
    name: string | null;
    created_by: string | null;
    created_at: string;
    status: Generated<'draft' | 'active'>;
    /** 1: everyone in the world may open it; 0: only its participants (workspace_users). */
    shared: Generated<number>;
    /** When it was deleted (soft: restorable until the sweep purges it); null while it exists. */
    deleted_at: string | null;
  };
  workspace_experts: { workspace_id: string; expert_id: string; added_at: string };
  workspace_toolproviders: { workspace_id: string; provider_name: string };
  workspace_users: { workspace_id: string; user_id: string };
  /** One person's pin and archive of a workspace (migration 21). */
  workspace_user_marks: {
    workspace_id: string;
    user_id: string;
    pinned_at: string | null;
    archived_at: string | null;
  };
  messages: {
    seq: Generated<number>;
    workspace_id: string;
    message_id: string;
    role: 'user' | 'assistant';
    name: string;
    expert_id: string | null;
    user_id: string | null;
    content: string | null;
    html: string | null;
    created_at: string;
    /** The engine or model that answered (an assistant message). */
    model: string | null;
    duration_ms: number | null;
    /** 1 when the user stopped the answer before it was done. */
    stopped: Generated<number>;
    /** Earlier versions, JSON (protocol/messageVersions.ts). */
    versions: string | null;
    /** The tool a user called from the message box (a tool message; migration 25). */
    tool_name: string | null;
  };
  research_boxes: {
    seq: Generated<number>;
    workspace_id: string;
    id: string;
    name: string | null;
    title: string | null;
    html: string | null;
    content: string | null;
  };
  traces: {
    seq: Generated<number>;
    workspace_id: string;
    key: string;
    html: string | null;
    value: string | null;
  };
  drives: {
    id: string;
    world_id: string;
    name: string;
    app_name: string | null;
    created_at: string;
  };
  drive_files: {
    id: Generated<number>;
    drive_id: string;
    path: string;
    name: string;
    mime_type: string;
    size: number;
    hash: string;
    /** JSON array of strings */
    tags: Generated<string>;
    description: string | null;
    /** Why text extraction failed (e.g. a PDF that does not parse); the file is kept. */
    index_error: string | null;
    /** Null until the background indexer has extracted the text of this version. */
    indexed_at: string | null;
    updated_at: string;
    version: Generated<number>;
    /** Extractions of this version started and not yet finished or given up (a new version resets it). */
    index_attempts: Generated<number>;
    /** Where this version's indexing stands, whichever instance does it (IndexState). */
    index_state: Generated<IndexState>;
    /** Who made the current version (null: the seed, an app, or before migration 26). */
    updated_by: string | null;
  };
  /** An earlier version of a drive file (migration 26), kept until the retention purges it. */
  drive_file_versions: {
    file_id: number;
    drive_id: string;
    version: number;
    name: string;
    mime_type: string;
    size: number;
    hash: string;
    /** When it became the current version, and who made it. */
    created_at: string;
    created_by: string | null;
    /** When a newer version replaced it, and who did. */
    replaced_at: string;
    replaced_by: string | null;
  };
  /** A deleted drive file (migration 26): its row moved out of drive_files, until Undo or the purge. */
  drive_trash: {
    file_id: number;
    drive_id: string;
    /** One deletion (a folder, a selection): Undo restores the batch together. */
    batch_id: string;
    path: string;
    name: string;
    mime_type: string;
    size: number;
    hash: string;
    /** JSON array of strings */
    tags: string;
    description: string | null;
    updated_at: string;
    updated_by: string | null;
    version: number;
    /** JSON array of the workspace ids it was attached to (attached again on Undo). */
    workspace_ids: string;
    deleted_at: string;
    deleted_by: string | null;
  };
  drive_file_tags: { file_id: number; drive_id: string; tag: string };
  workspace_files: { workspace_id: string; drive_id: string; path: string; added_at: string };
  app_tokens: {
    app_name: string;
    world_id: string;
    token_hash: string;
    created_at: string;
    last_used_at: string | null;
  };
  support_logs: {
    /** SQLite's implicit rowid; a real identity column on PostgreSQL. Insertion order. */
    rowid: Generated<number>;
    id: string;
    world_id: string;
    user_id: string;
    created_at: string;
    app_version: string;
    actions: number;
    size: number;
    note: Generated<string>;
    body: string;
  };
  /** One passage of a file in the embedded word-vector index (server/drives/semantic/vectorIndex.ts). */
  semantic_passages: {
    file_id: number;
    chunk: number;
    drive_id: string;
    version: string;
    /** Where the passage starts and stops in the file's indexed text. */
    start: number;
    stop: number;
    heading: string;
    /** JSON: [word, count] pairs of the passage's content words. */
    words: string;
  };
  semantic_embeddings: {
    file_id: number;
    chunk: number;
    drive_id: string;
    model: string;
    vector: Uint8Array;
    start: Generated<number>;
    stop: Generated<number>;
    heading: Generated<string>;
  };
  /**
   * Processes that may be writing blobs (one row per running server), so that
   * an instance sweeping orphans can tell whose leases still count.
   */
  blob_writers: {
    id: string;
    host: string;
    pid: number;
    /** When its process started (epoch ms): the same pid again with another start is another process. */
    started_at: number;
    /** Epoch milliseconds of the writer's last heartbeat. */
    seen_at: number;
  };
  /** A blob a writer has put (or is about to) and not yet referenced from a drive file. */
  blob_leases: { id: string; writer_id: string; hash: string; taken_at: number };
  /** Where a user is in a server-driven flow of a world (the flow cog's state, JSON). */
  flow_states: {
    world_id: string;
    user_id: string;
    flow_id: string;
    state: string;
    /** Epoch milliseconds it was last read or written: idle ones are forgotten. */
    touched_at: number;
  };
  /**
   * OIDC sign-ins begun and not yet finished, by their state: the callback
   * may come back to any instance, and takes its row exactly once.
   */
  oidc_pending: {
    state: string;
    verifier: string;
    nonce: string;
    next: string | null;
    world: string | null;
    /** Epoch milliseconds when the sign-in began. */
    created_at: number;
  };
  /** Running servers as the meeting sees them: one heartbeat row per process. */
  meeting_instances: {
    id: string;
    host: string;
    pid: number;
    /** When its process started (epoch ms). */
    started_at: number;
    /** Epoch milliseconds of its last heartbeat. */
    seen_at: number;
  };
  /** An expert answering on an instance: gone once the answer (or its failure) is stored. */
  answers_under_way: {
    answer_id: string;
    instance_id: string;
    world_id: string;
    workspace_id: string;
    expert_id: string;
    expert_name: string;
    /** The progress id its dots go by (SPEC §7 server.progress). */
    cid: string;
    started_at: number;
  };
  /** Which MCP servers a world uses, and the ones its admins added by URL (migration 25). */
  mcp_providers: {
    world_id: string;
    name: string;
    /** null: a server of the operator's MCP_CONFIG; else a Streamable HTTP server's URL. */
    url: string | null;
    /** JSON object of header values, or null. */
    headers: string | null;
    enabled: number;
    added_by: string | null;
    added_at: string;
  };
}
