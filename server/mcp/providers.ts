import type { FastifyBaseLogger } from 'fastify';
import type { McpProviderSummary } from '../../protocol';
import { readMcpFile, MCP_SERVER_NAME, type McpServerSettings } from '../config/mcp';
import type { MessageBus } from '../cog/bus';
import { noteInBackground } from '../cog/consoleNote';
import type { AppRegistry } from '../cog/registry';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import type { McpProviderRow } from '../store/mcpProviders';
import { mcpApp, mcpAppName } from './apps';
import { McpConnection } from './connection';
import { BlockedUrlError, checkUrl } from './urlGuard';

export interface McpSettings {
  MCP_CONFIG?: string;
  MCP_ALLOW_PRIVATE_URLS: boolean;
  MCP_ALLOWED_HOSTS: string[];
  MCP_CALL_TIMEOUT_SECONDS: number;
  MCP_MAX_RESULT_BYTES: number;
}

export interface McpProvidersDeps {
  store: Store;
  registry: AppRegistry;
  log: FastifyBaseLogger;
  config: McpSettings;
  /** Provider names MCP servers may not take (the built-in providers'). */
  reserved: readonly string[];
  /** Other instances hear of enablement changes and reloads on it (REDIS_URL). */
  bus?: MessageBus;
  /** First restart delay of a server that died (tests shorten it). */
  backoffMs?: number;
  /** Longest a call may take, overriding MCP_CALL_TIMEOUT_SECONDS (tests). */
  timeoutMs?: number;
}

/** How long a first use waits for the world's servers to start before going on without them. */
export const MCP_READY_WAIT_MS = 10_000;

const BUS_TOPIC = 'mcp.changed';

const key = (worldId: string, name: string) => `${worldId}\u0000${name}`;
const sameSettings = (a: McpServerSettings, b: McpServerSettings) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The MCP servers this server knows (issue 22): the operator's MCP_CONFIG
 * servers (started for a world only once its admins enabled them) and the
 * Streamable HTTP servers world admins added by URL. Each enabled server is
 * an app of its world in the registry; its connection is shared by every
 * world using it and started on first use.
 */
export class McpProviders {
  private operator = new Map<string, McpConnection>();
  private added = new Map<string, McpConnection>();
  private rows: McpProviderRow[] = [];
  /** The apps registered, by world and name, so that a sync takes away the ones no longer used. */
  private registered = new Set<string>();
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  constructor(private readonly deps: McpProvidersDeps) {}

  private get timeoutMs(): number {
    return this.deps.timeoutMs ?? this.deps.config.MCP_CALL_TIMEOUT_SECONDS * 1000;
  }

  private connection(name: string, settings: McpServerSettings, allowPrivate: boolean) {
    const conn = new McpConnection(name, settings, {
      timeoutMs: this.timeoutMs,
      maxBytes: this.deps.config.MCP_MAX_RESULT_BYTES,
      allowPrivate,
      allowedHosts: this.deps.config.MCP_ALLOWED_HOSTS,
      ...(this.deps.backoffMs ? { backoffMs: this.deps.backoffMs } : {}),
    });
    conn.on('changed', () => this.sync());
    conn.on('note', (text, level) => this.note(conn, text, level));
    return conn;
  }

  /** Reads the operator's file and the worlds' choices; nothing starts until first use. */
  async start(): Promise<void> {
    this.loadFile();
    this.rows = await this.deps.store.mcpProviders.list();
    this.sync();
    this.unsubscribe = this.deps.bus?.subscribe(BUS_TOPIC, (message) => {
      const reload = (message as { reload?: unknown } | null)?.reload === true;
      void this.refresh(reload).catch((err: unknown) =>
        this.deps.log.error({ err }, 'MCP servers could not be refreshed'),
      );
    });
  }

  /** The operator's servers from MCP_CONFIG: new ones made, changed ones replaced, gone ones stopped. */
  private loadFile(): string[] {
    const file = this.deps.config.MCP_CONFIG;
    const servers = file ? readMcpFile(file, this.deps.reserved) : {};
    for (const [name, conn] of this.operator) {
      if (servers[name] && sameSettings(servers[name], conn.settings)) continue;
      this.operator.delete(name);
      void conn.close();
    }
    for (const [name, settings] of Object.entries(servers)) {
      if (!this.operator.has(name)) this.operator.set(name, this.connection(name, settings, true));
    }
    return Object.keys(servers);
  }

  /** Reads the rows again (another instance changed them), and the file when asked to. */
  private async refresh(reloadFile: boolean): Promise<void> {
    if (this.closed) return;
    if (reloadFile) this.loadFile();
    this.rows = await this.deps.store.mcpProviders.list();
    this.syncAdded();
    this.sync();
  }

  /** A connection for each server world admins added, none for those taken out. */
  private syncAdded(): void {
    const wanted = new Set<string>();
    for (const row of this.rows) {
      if (!row.url) continue;
      const k = key(row.world_id, row.name);
      wanted.add(k);
      const settings: McpServerSettings = {
        url: row.url,
        ...(row.headers ? { headers: row.headers } : {}),
      };
      const had = this.added.get(k);
      if (had && sameSettings(had.settings, settings)) continue;
      void had?.close();
      this.added.set(
        k,
        this.connection(row.name, settings, this.deps.config.MCP_ALLOW_PRIVATE_URLS),
      );
    }
    for (const [k, conn] of this.added) {
      if (wanted.has(k)) continue;
      this.added.delete(k);
      void conn.close();
    }
  }

  /** The servers world `worldId` uses: enabled rows whose server exists. */
  private enabledIn(worldId?: string): { worldId: string; name: string; conn: McpConnection }[] {
    const out: { worldId: string; name: string; conn: McpConnection }[] = [];
    for (const row of this.rows) {
      if (!row.enabled || (worldId !== undefined && row.world_id !== worldId)) continue;
      const conn = row.url
        ? this.added.get(key(row.world_id, row.name))
        : this.operator.get(row.name);
      if (conn) out.push({ worldId: row.world_id, name: row.name, conn });
    }
    return out;
  }

  /** Each world's apps as its servers now stand; apps no longer used are taken out. */
  private sync(): void {
    if (this.closed) return;
    const now = new Set<string>();
    for (const { worldId, name, conn } of this.enabledIn()) {
      const k = key(worldId, mcpAppName(name));
      now.add(k);
      try {
        this.deps.registry.register(mcpApp(worldId, name, conn));
      } catch (err) {
        this.deps.log.warn({ err, worldId, name }, 'MCP server not registered');
      }
    }
    for (const k of this.registered) {
      if (now.has(k)) continue;
      const [worldId, appName] = k.split('\u0000') as [string, string];
      this.deps.registry.unregister(appName, worldId);
    }
    this.registered = now;
  }

  /** A line in the console of every world using the server. */
  private note(conn: McpConnection, text: string, level: 'info' | 'error'): void {
    const worlds = new Set(
      this.enabledIn()
        .filter((e) => e.conn === conn)
        .map((e) => e.worldId),
    );
    if (level === 'error') this.deps.log.warn(text);
    for (const worldId of worlds) {
      noteInBackground(this.deps.store, this.deps.log, worldId, {
        app_name: 'mcp',
        from: level === 'error' ? 'mcp.error' : 'mcp',
        message: text,
      });
    }
  }

  /**
   * First use: starts the servers world `worldId` uses that are not running,
   * waiting at most `waitMs` (a server that fails is said in the console and
   * its tools stay out; the rest go on).
   */
  async ready(worldId: string, waitMs = MCP_READY_WAIT_MS): Promise<void> {
    const starts = this.enabledIn(worldId)
      .filter(({ conn }) => conn.status === 'stopped' || conn.status === 'failed')
      .map(({ conn }) => conn.ensureStarted().catch(() => undefined));
    if (!starts.length) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(starts),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }

  /** What a world's admins see: the operator's servers and the world's own, with what each offers. */
  list(worldId: string): McpProviderSummary[] {
    const rows = new Map(this.rows.filter((r) => r.world_id === worldId).map((r) => [r.name, r]));
    const out: McpProviderSummary[] = [];
    const summary = (
      name: string,
      conn: McpConnection,
      source: 'operator' | 'world',
    ): McpProviderSummary => ({
      name,
      source,
      transport: conn.kind,
      ...('url' in conn.settings && source === 'world' ? { url: conn.settings.url } : {}),
      ...(conn.settings.description ? { description: conn.settings.description } : {}),
      enabled: rows.get(name)?.enabled ?? false,
      status: conn.status,
      ...(conn.lastError ? { error: conn.lastError } : {}),
      restarts: conn.restarts,
      tools: conn.details.tools.map((t) => ({
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
      })),
      resources: conn.details.resources,
      prompts: conn.details.prompts.map((p) => ({
        name: p.name,
        ...(p.description ? { description: p.description } : {}),
        ...(p.arguments ? { arguments: p.arguments.map((a) => a.name) } : {}),
      })),
      ...(conn.details.server ? { server: conn.details.server } : {}),
    });
    for (const [name, conn] of this.operator) {
      if (!this.added.has(key(worldId, name))) out.push(summary(name, conn, 'operator'));
    }
    for (const row of rows.values()) {
      const conn = row.url && this.added.get(key(worldId, row.name));
      if (conn) out.push(summary(row.name, conn, 'world'));
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Re-reads MCP_CONFIG (the admin area's Reload): the server names now configured. */
  async reload(): Promise<string[]> {
    let names: string[];
    try {
      names = this.loadFile();
    } catch (err) {
      throw new UserError(`MCP_CONFIG: ${(err as Error).message}`);
    }
    this.rows = await this.deps.store.mcpProviders.list();
    this.sync();
    this.deps.bus?.publish(BUS_TOPIC, { reload: true });
    return names;
  }

  /** A world admin turns a server (the operator's or the world's own) on or off for the world. */
  async setEnabled(worldId: string, name: string, enabled: boolean, by: string): Promise<void> {
    const own = this.rows.some((r) => r.world_id === worldId && r.name === name && r.url);
    if (!own && !this.operator.has(name)) throw new UserError(`Unknown MCP server "${name}"`);
    await this.deps.store.mcpProviders.setEnabled(worldId, name, enabled, by);
    await this.changed();
  }

  /**
   * A world admin adds a Streamable HTTP server. Refused: a bad name or one
   * taken, a URL that is (or resolves or redirects to) a private address
   * unless MCP_ALLOW_PRIVATE_URLS, and a server that does not answer as an
   * MCP server. It is connected to once before it is kept.
   */
  async addServer(
    worldId: string,
    input: { name: string; url: string; headers?: Record<string, string> },
    by: string,
  ): Promise<McpProviderSummary> {
    const name = input.name.trim();
    if (!MCP_SERVER_NAME.test(name))
      throw new UserError('A server name is letters, digits, - and _ (at most 40)');
    if (this.deps.reserved.includes(name) || this.operator.has(name))
      throw new UserError(`The name "${name}" is taken`);
    if (this.rows.some((r) => r.world_id === worldId && r.name === name))
      throw new UserError(`This world already has an MCP server named "${name}"`);
    const allowPrivate = this.deps.config.MCP_ALLOW_PRIVATE_URLS;
    let url: string;
    try {
      url = allowPrivate
        ? new URL(input.url).href
        : checkUrl(input.url, this.deps.config.MCP_ALLOWED_HOSTS).href;
    } catch (err) {
      throw new UserError(err instanceof BlockedUrlError ? err.message : 'The URL is not valid');
    }
    const settings: McpServerSettings = {
      url,
      ...(input.headers && Object.keys(input.headers).length ? { headers: input.headers } : {}),
    };
    const trial = this.connection(name, settings, allowPrivate);
    try {
      await trial.ensureStarted();
    } catch {
      await trial.close();
      throw new UserError(`${url} could not be used: ${trial.lastError ?? 'no answer'}`);
    }
    const stored = await this.deps.store.mcpProviders.addServer({
      worldId,
      name,
      url,
      headers: settings.headers ?? null,
      by,
    });
    if (!stored) {
      await trial.close();
      throw new UserError(`This world already has an MCP server named "${name}"`);
    }
    this.added.set(key(worldId, name), trial);
    await this.changed();
    return this.list(worldId).find((p) => p.name === name)!;
  }

  /** A world admin takes out a server the world added. */
  async removeServer(worldId: string, name: string): Promise<void> {
    const own = this.rows.find((r) => r.world_id === worldId && r.name === name && r.url);
    if (!own) throw new UserError(`This world added no MCP server named "${name}"`);
    await this.deps.store.mcpProviders.remove(worldId, name);
    await this.changed();
  }

  /** The rows changed here: this instance syncs now, the others when the bus tells them. */
  private async changed(): Promise<void> {
    await this.refresh(false);
    this.deps.bus?.publish(BUS_TOPIC, { reload: false });
  }

  /** Stops every server (their processes, for stdio). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    const all = [...this.operator.values(), ...this.added.values()];
    this.operator.clear();
    this.added.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
