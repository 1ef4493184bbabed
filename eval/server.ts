import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CSRF_COOKIE, HEADER_CSRF } from '../protocol';
import { buildApp, type BuiltApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createOfflineEngine } from '../server/meeting/offline';
import { toolProviderDefinitions } from '../server/meeting/tools/providers';
import { seedDemo } from '../server/seed/demo';
import { openStore, type Store } from '../server/store';

/**
 * The real server for an evaluation: the demo seed on SQLite in a temp dir,
 * on an ephemeral port, with its meeting clock pinned (so "next Friday" has
 * one right answer) and the offline engine streaming without pauses (the
 * eval times the work, not the typing effect).
 */

const ADMIN = { email: 'eval@emgen.local', password: 'eval-password-1' };

export interface EvalServer {
  url: string;
  wsUrl: string;
  store: Store;
  app: BuiltApp['app'];
  drives: BuiltApp['drives'];
  close(): Promise<void>;
}

export async function startEvalServer(clock: Date): Promise<EvalServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-eval-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const store = await openStore(dataDir, { sessionTtlMs: 3600_000 });
  await seedDemo(store, ADMIN);
  const built = await buildApp({
    config,
    store,
    logger: false,
    engine: createOfflineEngine({ paceMs: 0 }),
    clock: () => clock,
    clientDir: path.join(dataDir, 'no-client'),
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    store,
    app: built.app,
    drives: built.drives,
    async close() {
      await built.app.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh workspace in the demo world with every demo expert and tool provider. */
export async function evalWorkspace(server: EvalServer, name: string): Promise<string> {
  const admin = (await server.store.users.byEmail(ADMIN.email))!;
  const ws = await server.store.workspaces.create({
    worldId: 'innovation-lab',
    name,
    createdBy: admin.id,
  });
  for (const e of await server.store.experts.list()) {
    await server.store.workspaces.addExpert(ws.id, e.id);
  }
  for (const p of toolProviderDefinitions)
    await server.store.workspaces.addToolProvider(ws.id, p.name);
  return ws.id;
}

/** Signs in as the eval's admin the way a browser does; returns the cookie header. */
export async function signIn(server: EvalServer): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      cookies.set(k!.trim(), v.join('='));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${server.url}/api/health`));
  const res = await fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      [HEADER_CSRF]: cookies.get(CSRF_COOKIE) ?? '',
    },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`eval sign-in failed: ${res.status} ${await res.text()}`);
  keep(res);
  return header();
}

export interface Frame {
  typ: string;
  content?: Record<string, unknown>;
}

/** A meeting socket: sends frames and waits for the ones a predicate picks. */
export class MeetingSocket {
  private readonly frames: Frame[] = [];
  private readonly ws: WebSocket;
  private waiter: (() => void) | null = null;

  constructor(server: EvalServer, cookie: string) {
    this.ws = new WebSocket(
      `${server.wsUrl}/api/ws/cog?browser=eval&worldId=innovation-lab&version=1.0.0`,
      { headers: { cookie } },
    );
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.waiter?.();
    });
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(frame: Frame): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Drops what was received so far (the next question starts clean). */
  clear(): void {
    this.frames.length = 0;
  }

  /** Waits until `done(frames)` holds, or fails after `timeoutMs`. */
  async until(done: (frames: Frame[]) => boolean, timeoutMs: number): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.frames)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    return this.frames;
  }

  close(): void {
    this.ws.close();
  }
}
