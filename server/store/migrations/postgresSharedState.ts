import type { Migration } from './types';

/**
 * PostgreSQL migrations from 14 on (their own file: postgres.ts is at the
 * length limit): state every instance on the store shares.
 */
export const sharedStateMigrations: Migration[] = [
  {
    id: 14,
    name: 'flow state per world, user and flow, shared by every instance on the store',
    sql: `
        CREATE TABLE flow_states (
          world_id TEXT COLLATE "C" NOT NULL,
          user_id TEXT COLLATE "C" NOT NULL,
          flow_id TEXT COLLATE "C" NOT NULL,
          state TEXT COLLATE "C" NOT NULL,
          touched_at BIGINT NOT NULL,
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
        state TEXT COLLATE "C" PRIMARY KEY,
        verifier TEXT COLLATE "C" NOT NULL,
        nonce TEXT COLLATE "C" NOT NULL,
        next TEXT COLLATE "C", world TEXT COLLATE "C",
        created_at BIGINT NOT NULL
      );
      CREATE INDEX oidc_pending_created ON oidc_pending(created_at);
    `,
  },
  {
    id: 16,
    name: 'meeting instances and the answers each has under way, so the rounds of one that died end failed',
    sql: `
        CREATE TABLE meeting_instances (
          id TEXT COLLATE "C" PRIMARY KEY,
          host TEXT COLLATE "C" NOT NULL,
          pid BIGINT NOT NULL,
          started_at BIGINT NOT NULL,
          seen_at BIGINT NOT NULL
        );
        CREATE TABLE answers_under_way (
          answer_id TEXT COLLATE "C" PRIMARY KEY,
          instance_id TEXT COLLATE "C" NOT NULL,
          world_id TEXT COLLATE "C" NOT NULL,
          workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
          expert_id TEXT COLLATE "C" NOT NULL,
          expert_name TEXT NOT NULL,
          cid TEXT COLLATE "C" NOT NULL,
          started_at BIGINT NOT NULL
        );
        CREATE INDEX answers_under_way_instance ON answers_under_way(instance_id);
        CREATE INDEX answers_under_way_workspace ON answers_under_way(workspace_id);
      `,
  },
  {
    id: 17,
    name: "each file's indexing state (queued, running, failed, indexed), shared by every instance",
    sql: `
      ALTER TABLE drive_files ADD COLUMN index_state TEXT COLLATE "C" NOT NULL DEFAULT 'queued';
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
      ALTER TABLE experts ADD COLUMN tool_providers TEXT COLLATE "C";
      UPDATE experts SET tool_providers = '["calculations"]' WHERE id = 'ada-quant';
      UPDATE experts SET tool_providers = '["date_and_time"]' WHERE id = 'chrono';
      UPDATE experts SET tool_providers = '["documents"]' WHERE id = 'librarian';
      UPDATE experts SET tool_providers = '["web_search"]' WHERE id = 'scout';
      UPDATE experts SET tool_providers = '["calculations","date_and_time"]' WHERE id = 'devon';
    `,
  },
];
