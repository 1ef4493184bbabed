import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSettings } from '../config/mcp';
import { ToolError, type ToolResult } from '../meeting/types';
import { resultText } from './results';
import { guardedFetch } from './urlGuard';

/** What a server offers, as last listed. */
export interface McpDetails {
  tools: { name: string; title?: string; description?: string; inputSchema: object }[];
  resources: { uri: string; name: string; description?: string; mimeType?: string }[];
  prompts: {
    name: string;
    description?: string;
    arguments?: { name: string; description?: string; required?: boolean }[];
  }[];
  server?: { name: string; version: string };
  instructions?: string;
}

export type McpStatus = 'stopped' | 'starting' | 'ready' | 'failed' | 'restarting';

export interface McpConnectionOptions {
  /** Longest one call (and the start) may take (MCP_CALL_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Largest result accepted (MCP_MAX_RESULT_BYTES). */
  maxBytes: number;
  /** Private addresses allowed for a Streamable HTTP server (the operator's, or MCP_ALLOW_PRIVATE_URLS). */
  allowPrivate: boolean;
  /** host:port pairs allowed although private (MCP_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
  /** First wait before restarting a server that died; doubles each time up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** How long a server must stay up for its next death to count as the first again. */
const STABLE_MS = 60_000;
/** What a crashed stdio server last wrote to stderr, kept for the console (characters). */
const STDERR_TAIL = 2000;

const EMPTY: McpDetails = { tools: [], resources: [], prompts: [] };

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * One MCP server, from the operator's file or a world admin's URL: started on
 * first use, listed (tools, resources, prompts, again on list_changed), called
 * with a timeout and a size limit, restarted with a growing delay when it dies
 * (stdio: its process exits; HTTP: a call fails on the transport) and stopped
 * with the server. Events: `changed` (what it offers changed), `note` (a line
 * for the consoles of the worlds using it).
 */
export class McpConnection extends EventEmitter<{
  changed: [];
  note: [text: string, level: 'info' | 'error'];
}> {
  status: McpStatus = 'stopped';
  lastError: string | undefined;
  details: McpDetails = EMPTY;
  /** Times it was restarted after dying. */
  restarts = 0;
  /** Notifications tools/list_changed received. */
  listChanges = 0;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private starting: Promise<void> | undefined;
  /** A restart waiting for its delay: calls arriving meanwhile wait for `due` too. */
  private restart: { timer: NodeJS.Timeout; due: Promise<void>; fire: () => void } | undefined;
  private deaths = 0;
  private readySince = 0;
  private closed = false;
  private stderrTail = '';
  private readonly fetcher: ReturnType<typeof guardedFetch> | undefined;

  constructor(
    readonly name: string,
    readonly settings: McpServerSettings,
    private readonly opts: McpConnectionOptions,
  ) {
    super();
    if ('url' in settings)
      this.fetcher = guardedFetch({
        allowPrivate: opts.allowPrivate,
        maxBytes: opts.maxBytes,
        allowedHosts: opts.allowedHosts ?? [],
      });
  }

  get kind(): 'stdio' | 'http' {
    return 'url' in this.settings ? 'http' : 'stdio';
  }

  /** The process id of a running stdio server. */
  get pid(): number | undefined {
    return this.transport instanceof StdioClientTransport
      ? (this.transport.pid ?? undefined)
      : undefined;
  }

  /** Starts the server unless it runs (or is starting, or waiting to restart); rejects if it cannot. */
  ensureStarted(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.name} is stopped`));
    if (this.status === 'ready' && this.client) return Promise.resolve();
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async start(): Promise<void> {
    // A call arriving while a restart waits for its delay waits too, then starts the server.
    if (this.restart) await this.restart.due;
    if (this.closed) throw new Error(`${this.name} is stopped`);
    this.status = 'starting';
    const client = new Client({ name: 'emgen', version: '1.0.0' }, { capabilities: {} });
    const transport = this.makeTransport();
    client.onclose = () => this.died(client);
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      this.listChanges++;
      await this.relist(client);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => this.relist(client));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => this.relist(client));
    this.client = client;
    this.transport = transport;
    try {
      await client.connect(transport, { timeout: this.opts.timeoutMs });
      await this.list(client);
    } catch (err) {
      this.client = undefined;
      this.transport = undefined;
      client.onclose = undefined;
      await client.close().catch(() => undefined);
      this.status = 'failed';
      this.lastError = this.withStderr(message(err));
      this.emit('note', `MCP server ${this.name} could not start: ${this.lastError}`, 'error');
      throw new Error(`MCP server ${this.name} could not start: ${this.lastError}`, { cause: err });
    }
    this.status = 'ready';
    this.lastError = undefined;
    this.readySince = Date.now();
    this.emit('changed');
  }

  private makeTransport(): Transport {
    const s = this.settings;
    if ('url' in s) {
      return new StreamableHTTPClientTransport(new URL(s.url), {
        fetch: this.fetcher!.fetch as never,
        requestInit: { headers: s.headers ?? {} },
        // A dropped event stream is not retried for ever: the next call reconnects.
        reconnectionOptions: {
          maxRetries: 2,
          initialReconnectionDelay: 1000,
          maxReconnectionDelay: 5000,
          reconnectionDelayGrowFactor: 2,
        },
      });
    }
    this.stderrTail = '';
    const transport = new StdioClientTransport({
      command: s.command,
      args: s.args,
      // The SDK adds only a safe default environment (PATH, HOME, ...): EMgen's secrets stay here.
      ...(s.env ? { env: s.env } : {}),
      ...(s.cwd ? { cwd: s.cwd } : {}),
      stderr: 'pipe',
    });
    (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    return transport;
  }

  private withStderr(text: string): string {
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    return tail && this.kind === 'stdio' ? `${text} (stderr: ${tail})` : text;
  }

  /** Tools, resources and prompts, each listed only if the server has them. */
  private async list(client: Client): Promise<void> {
    const caps = client.getServerCapabilities() ?? {};
    const timeout = { timeout: this.opts.timeoutMs };
    const tools: McpDetails['tools'] = [];
    if (caps.tools) {
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {}, timeout);
        for (const t of page.tools) {
          tools.push({
            name: t.name,
            ...(t.title ? { title: t.title } : {}),
            ...(t.description ? { description: t.description } : {}),
            inputSchema: t.inputSchema,
          });
        }
        cursor = page.nextCursor;
      } while (cursor && tools.length < 1000);
    }
    const resources = caps.resources
      ? (await client.listResources({}, timeout)).resources.map((r) => ({
          uri: r.uri,
          name: r.name,
          ...(r.description ? { description: r.description } : {}),
          ...(r.mimeType ? { mimeType: r.mimeType } : {}),
        }))
      : [];
    const prompts = caps.prompts
      ? (await client.listPrompts({}, timeout)).prompts.map((p) => ({
          name: p.name,
          ...(p.description ? { description: p.description } : {}),
          ...(p.arguments ? { arguments: p.arguments } : {}),
        }))
      : [];
    const server = client.getServerVersion();
    const instructions = client.getInstructions();
    this.details = {
      tools,
      resources,
      prompts,
      ...(server ? { server: { name: server.name, version: server.version } } : {}),
      ...(instructions ? { instructions: instructions.slice(0, 2000) } : {}),
    };
  }

  /** A list_changed notification: list again and tell the registry. */
  private async relist(client: Client): Promise<void> {
    if (client !== this.client || this.status !== 'ready') return;
    try {
      await this.list(client);
      this.emit('changed');
    } catch (err) {
      this.emit(
        'note',
        `MCP server ${this.name} could not be listed again: ${message(err)}`,
        'error',
      );
    }
  }

  /** The connection to `client` ended without being asked to: restart after a growing delay. */
  private died(client: Client): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.transport = undefined;
    if (Date.now() - this.readySince > STABLE_MS) this.deaths = 0;
    this.deaths++;
    const first = this.opts.backoffMs ?? 1000;
    const delay = Math.min(this.opts.maxBackoffMs ?? 30_000, first * 2 ** (this.deaths - 1));
    this.status = 'restarting';
    this.lastError = this.withStderr('the server stopped');
    this.emit(
      'note',
      `MCP server ${this.name} stopped (${this.lastError}); restarting in ${Math.round(delay / 100) / 10} s`,
      'error',
    );
    this.emit('changed');
    let fire = () => {};
    const due = new Promise<void>((resolve) => (fire = resolve));
    const timer = setTimeout(() => {
      this.restart = undefined;
      fire();
      if (this.closed) return;
      this.ensureStarted().then(
        () => {
          this.restarts++;
          this.emit('note', `MCP server ${this.name} restarted`, 'info');
        },
        () => undefined, // said in the note of start()
      );
    }, delay);

    this.restart = { timer, due, fire };
  }

  /** Calls the server's tool `tool` (its own name); failures are ToolErrors in plain words. */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<ToolResult> {
    try {
      await this.ensureStarted();
    } catch (err) {
      throw new ToolError(message(err));
    }
    const client = this.client;
    if (!client) throw new ToolError(`MCP server ${this.name} is not running`);
    const seconds = Math.round(this.opts.timeoutMs / 100) / 10;
    let result: Awaited<ReturnType<Client['callTool']>>;
    try {
      result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: this.opts.timeoutMs,
        maxTotalTimeout: this.opts.timeoutMs,
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (err instanceof McpError && err.code === Number(ErrorCode.RequestTimeout))
        throw new ToolError(`${tool} on ${this.name} timed out after ${seconds} s`);
      if (signal?.aborted) throw err;
      if (!(err instanceof McpError) && this.kind === 'http') this.forget(client);
      throw new ToolError(`${tool} on ${this.name} failed: ${message(err)}`);
    }
    const size = Buffer.byteLength(JSON.stringify(result));
    if (size > this.opts.maxBytes)
      throw new ToolError(
        `${tool} on ${this.name} answered with ${size} bytes, too large (limit ${this.opts.maxBytes})`,
      );
    const { text, value } = resultText(result);
    if (result.isError) throw new ToolError(text || `${tool} on ${this.name} failed`);
    return { output: text, ...(value !== undefined ? { value } : {}) };
  }

  /** An HTTP server whose transport failed: the next use connects afresh. */
  private forget(client: Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.transport = undefined;
    this.status = 'failed';
    client.onclose = undefined;
    void client.close().catch(() => undefined);
  }

  /** Stops the server (its process, for stdio) for good. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restart) {
      clearTimeout(this.restart.timer);
      this.restart.fire();
      this.restart = undefined;
    }
    const client = this.client;
    this.client = undefined;
    this.transport = undefined;
    this.status = 'stopped';
    if (client) {
      client.onclose = undefined;
      await client.close().catch(() => undefined);
    }
    this.fetcher?.close();
  }
}
