import type { Queries } from './kysely';

/** One world's use of an MCP server (migration 25). */
export interface McpProviderRow {
  world_id: string;
  name: string;
  /** null: the operator's MCP_CONFIG server of this name; else a Streamable HTTP server's URL. */
  url: string | null;
  headers: Record<string, string> | null;
  enabled: boolean;
  added_by: string | null;
  added_at: string;
}

function parseHeaders(json: string | null): Record<string, string> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return null;
  }
}

/** Which MCP servers each world uses, and the servers world admins added by URL. */
export class McpProvidersRepository {
  constructor(private readonly q: Queries) {}

  /** Every world's rows (start-up and reload), or one world's. */
  async list(worldId?: string): Promise<McpProviderRow[]> {
    let query = this.q.selectFrom('mcp_providers').selectAll();
    if (worldId !== undefined) query = query.where('world_id', '=', worldId);
    const rows = await query.orderBy('world_id').orderBy('name').execute();
    return rows.map((r) => ({
      ...r,
      headers: parseHeaders(r.headers),
      enabled: Boolean(Number(r.enabled)),
    }));
  }

  /** Turns a world's use of the operator's server `name` on or off. */
  async setEnabled(worldId: string, name: string, enabled: boolean, by: string): Promise<void> {
    await this.q
      .insertInto('mcp_providers')
      .values({
        world_id: worldId,
        name,
        url: null,
        headers: null,
        enabled: enabled ? 1 : 0,
        added_by: by,
        added_at: new Date().toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(['world_id', 'name']).doUpdateSet({ enabled: enabled ? 1 : 0 }),
      )
      .execute();
  }

  /** A Streamable HTTP server a world admin added; false when the world has one of that name. */
  async addServer(row: {
    worldId: string;
    name: string;
    url: string;
    headers: Record<string, string> | null;
    by: string;
  }): Promise<boolean> {
    const result = await this.q
      .insertInto('mcp_providers')
      .values({
        world_id: row.worldId,
        name: row.name,
        url: row.url,
        headers: row.headers ? JSON.stringify(row.headers) : null,
        enabled: 1,
        added_by: row.by,
        added_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['world_id', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Takes a world's row out (an added server goes; an operator's server is no longer enabled). */
  async remove(worldId: string, name: string): Promise<boolean> {
    const result = await this.q
      .deleteFrom('mcp_providers')
      .where('world_id', '=', worldId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
