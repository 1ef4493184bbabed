import type { Migration } from './types';

/**
 * Migration 25, one file for both dialects (same id and name): MCP servers
 * as tool providers (issue 22).
 *
 * - `mcp_providers`: per world, which MCP servers it uses. A row with no
 *   url names a server of the operator's MCP_CONFIG file, enabled or not for
 *   the world by its admins; a row with a url is a Streamable HTTP server a
 *   world admin added (never a local process: only the operator's file can
 *   start those). headers is a JSON object of text values, or null.
 * - `messages.tool_name`: a tool someone called from the message box is a
 *   message of its own in the transcript (role assistant, no expert), named by
 *   the tool it ran.
 */
const NAME = 'MCP servers each world uses, and tool messages in the transcript';

export const sqliteMcpProviders: Migration = {
  id: 25,
  name: NAME,
  sql: `
    CREATE TABLE mcp_providers (
      world_id TEXT NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      url TEXT,
      headers TEXT,
      enabled INTEGER NOT NULL DEFAULT 0,
      added_by TEXT,
      added_at TEXT NOT NULL,
      PRIMARY KEY (world_id, name)
    );
    ALTER TABLE messages ADD COLUMN tool_name TEXT;
  `,
};

export const postgresMcpProviders: Migration = {
  id: 25,
  name: NAME,
  sql: `
    CREATE TABLE mcp_providers (
      world_id TEXT COLLATE "C" NOT NULL REFERENCES worlds(id) ON DELETE CASCADE,
      name TEXT COLLATE "C" NOT NULL,
      url TEXT COLLATE "C",
      headers TEXT COLLATE "C",
      enabled INTEGER NOT NULL DEFAULT 0,
      added_by TEXT COLLATE "C",
      added_at TEXT COLLATE "C" NOT NULL,
      PRIMARY KEY (world_id, name)
    );
    ALTER TABLE messages ADD COLUMN tool_name TEXT COLLATE "C";
  `,
};
