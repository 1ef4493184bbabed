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
];
