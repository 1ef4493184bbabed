import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildApp, type BuiltApp } from '../../server/app';
import type { LoginLimitSettings } from '../../server/auth/loginLimits';
import type { AttemptLimitSettings } from '../../server/auth/attemptLimits';
import type { ExpertEngine, Tool } from '../../server/meeting/types';
import { loadConfig, type Config } from '../../server/config';
import { openConfiguredStore, openStore, type Store } from '../../server/store';
import { inject } from 'vitest';
import { createDatabase } from '../support/postgres';
import { seedDemo } from '../../server/seed/demo';
import { CSRF_COOKIE, HEADER_CSRF } from '../../protocol';

/** Whether this run of the suite is on PostgreSQL (npm run test:server:pg). */
export const onPostgres = process.env.EMGEN_TEST_STORE === 'postgres';

/**
 * The store a test server runs on: the PostgreSQL database its config names
 * (the bench's, or with EMGEN_TEST_STORE=postgres a fresh database of the
 * shared throwaway cluster: npm run test:server:pg), else SQLite in its data dir.
 */
async function testStore(config: Config): Promise<Store> {
  const sessionTtlMs = config.SESSION_TTL_HOURS * 3600_000;
  if (!config.DATABASE_URL) return openStore(config.DATA_DIR, { sessionTtlMs });
  return openConfiguredStore(config, { sessionTtlMs });
}

/**
 * The store the suite runs on, for a test that opens one without a server:
 * SQLite in `dataDir`, or on PostgreSQL the database made for `dataDir`.
 */
export async function openTestStore(dataDir: string, sessionTtlMs = 3600_000): Promise<Store> {
  const DATABASE_URL = await testDatabaseUrl(dataDir);
  if (!DATABASE_URL) return openStore(dataDir, { sessionTtlMs });
  return openConfiguredStore(loadConfig({ DATA_DIR: dataDir, DATABASE_URL }), { sessionTtlMs });
}

/** Beside the data dir, so a restart on the same data dir finds the same database. */
const DATABASE_URL_FILE = 'test-database-url';

/** Where a test server's data lives: its data dir, and its database when on PostgreSQL. */
export function storeLocation(dataDir: string): { DATA_DIR: string; DATABASE_URL?: string } {
  const file = path.join(dataDir, DATABASE_URL_FILE);
  return fs.existsSync(file)
    ? { DATA_DIR: dataDir, DATABASE_URL: fs.readFileSync(file, 'utf8').trim() }
    : { DATA_DIR: dataDir };
}

/** The environment a CLI process (npm run users / db) needs to reach a test server's store. */
export function storeEnv(server: { dataDir: string }): NodeJS.ProcessEnv {
  return { ...process.env, ...storeLocation(server.dataDir), LOG_LEVEL: 'silent' };
}

/**
 * The PostgreSQL database of a test server's data dir when the suite runs on
 * PostgreSQL: the one made for that dir before (a restart), else a fresh one.
 */
async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const known = storeLocation(dataDir).DATABASE_URL;
  if (known) return known;
  const postgres = inject('postgres');
  if ('skipped' in postgres) throw new Error(postgres.skipped);
  const url = await createDatabase(postgres.url);
  fs.writeFileSync(path.join(dataDir, DATABASE_URL_FILE), url);
  return url;
}

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface TestServer extends BuiltApp {
  url: string;
  wsUrl: string;
  store: Store;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server with a temp data dir and the demo seed, on an ephemeral port
 * unless `opts.port` is given (for a PUBLIC_URL that has to be known before listening);
 * `opts.loginLimits` gives the sign-in limits a test's own numbers (a short window), and
 * `opts.settingsLimits` those of wrong passwords and codes on the settings page;
 * `opts.dataDir` starts it on a data dir the test owns (a restart), left in place on close.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: {
    port?: number;
    loginLimits?: Partial<LoginLimitSettings>;
    settingsLimits?: AttemptLimitSettings;
    /** Fastify's logger options (e.g. a stream to read the log lines from); none by default. */
    logger?: object;
    engine?: ExpertEngine;
    tools?: Tool[];
    expertTimeoutMs?: number;
    clock?: () => Date;
    screenTimeoutMs?: number;
    appCallTimeoutMs?: number;
    dataDir?: string;
    indexQueueTiming?: { retryMs?: number; lockMs?: number };
    mcpBackoffMs?: number;
    driveSweepEveryMs?: number;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-test-'));
  const removeDataDir = () => {
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = await testDatabaseUrl(dataDir);
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    overrides,
  );
  const store = await testStore(config);
  await seedDemo(store, ADMIN);
  const built = await buildApp({
    config,
    store,
    logger: opts.logger ?? false,
    loginLimits: opts.loginLimits,
    settingsLimits: opts.settingsLimits,
    engine: opts.engine,
    tools: opts.tools,
    expertTimeoutMs: opts.expertTimeoutMs,
    clock: opts.clock,
    screenTimeoutMs: opts.screenTimeoutMs,
    appCallTimeoutMs: opts.appCallTimeoutMs,
    indexQueueTiming: opts.indexQueueTiming,
    mcpBackoffMs: opts.mcpBackoffMs,
    driveSweepEveryMs: opts.driveSweepEveryMs,
    clientDir: path.join(dataDir, 'no-client'),
  });
  try {
    await built.app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  } catch (err) {
    await built.app.close();
    await store.close();
    removeDataDir();
    throw err;
  }
  const bound = (built.app.server.address() as { port: number }).port;
  return {
    ...built,
    url: `http://127.0.0.1:${bound}`,
    wsUrl: `ws://127.0.0.1:${bound}`,
    store,
    config,
    dataDir,
    async close() {
      await built.app.close();
      await store.close();
      removeDataDir();
    },
  };
}

/** A browser-like HTTP client: keeps cookies and echoes the CSRF cookie in the header. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    url: string,
    opts: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.fetchRaw('GET', '/api/health');
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.csrf !== false && this.cookies.has(CSRF_COOKIE))
      headers[HEADER_CSRF] = this.cookies.get(CSRF_COOKIE)!;
    const res = await this.fetchRaw(
      method,
      url,
      headers,
      opts.body === undefined ? undefined : JSON.stringify(opts.body),
    );
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  }

  private async fetchRaw(
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: string,
  ) {
    const res = await fetch(this.base + url, {
      method,
      headers: { ...headers, cookie: this.cookieHeader },
      body,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    return res;
  }

  signIn(email = ADMIN.email, password = ADMIN.password) {
    return this.request('POST', '/api/auth', { body: { email, password } });
  }
}

export interface TestSocket {
  ws: WebSocket;
  frames: any[];
  closed: Promise<{ code: number; reason: string }>;
  next(typ: string, timeoutMs?: number): Promise<any>;
  send(frame: unknown): void;
}

/**
 * Points an open socket at a workspace (and its selected experts) and returns
 * once the server has taken it in: frames are handled in order, so the answer
 * to a later frame means the context is set and the socket hears the
 * workspace's broadcasts.
 */
export async function enterWorkspace(
  sock: TestSocket,
  workspaceId: string,
  selected?: string[],
): Promise<void> {
  sock.send({ typ: 'scontext.set', content: { key: 'workspace_id', value: workspaceId } });
  if (selected)
    sock.send({ typ: 'scontext.set', content: { key: 'selected_experts', value: selected } });
  sock.send({ typ: 'workspace.expert.details', content: {} });
  await sock.next('workspace.expert.details.response');
}

/** Opens /api/ws/cog as the given client and records every frame it receives. */
export function openSocket(
  server: TestServer,
  client: Client,
  worldId = 'innovation-lab',
): TestSocket {
  const ws = new WebSocket(
    `${server.wsUrl}/api/ws/cog?browser=test-browser&worldId=${encodeURIComponent(worldId)}&version=1.0.0`,
    {
      headers: { cookie: client.cookieHeader },
    },
  );
  const frames: any[] = [];
  const consumed = new Set<any>();
  const waiters: { typ: string; resolve: (f: any) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    frames.push(frame);
    const i = waiters.findIndex((w) => w.typ === frame.typ);
    if (i >= 0) {
      consumed.add(frame);
      waiters.splice(i, 1)[0]!.resolve(frame);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    frames,
    closed,
    send: (frame) => {
      const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
      if (ws.readyState === ws.OPEN) ws.send(text);
      else ws.once('open', () => ws.send(text));
    },
    /** The first frame of this typ not yet returned, waiting for it if needed. */
    next(typ, timeoutMs = 5000) {
      const already = frames.find((f) => f.typ === typ && !consumed.has(f));
      if (already) {
        consumed.add(already);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          typ,
          resolve: (f: any) => {
            clearTimeout(t);
            resolve(f);
          },
        };
        const t = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${typ} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}
