import type { Migration } from './types';

/** Migration 17 of postgres.ts (its own file: that one is at its length limit). */
export const answersUnderWay: Migration = {
  id: 17,
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
};
