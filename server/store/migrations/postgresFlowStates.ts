import type { Migration } from './types';

/**
 * Migration 14 of postgres.ts (its own file: postgres.ts is at the length
 * limit): where each user is in each flow, shared by every instance.
 */
export const flowStates: Migration = {
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
};
