import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startCluster, clusterMissing } from '../scripts/cluster/start';
import { loadConfig } from '../server/config';
import { toolProviderDefinitions } from '../server/meeting/tools/providers';
import { openConfiguredStore, type Store } from '../server/store';
import { SESSION_COOKIE } from '../protocol';
import { E2E_ADMIN, startServerProcess } from '../tests/e2e/serverProcess';
import type { BenchOutcome, BenchResult } from './report';
import {
  WORLD,
  inBatches,
  now,
  percentile,
  sleep,
  WARM_UP_BROADCASTS,
  watching,
  type BenchSocket,
} from './socketClients';

/**
 * npm run bench -- sockets: DESIGN §8 "server: 1,000 open sockets, one
 * broadcast, p99 delivery ≤ 50 ms (one process and two)", and beside it how
 * long people asking at once wait for their answers and what the server
 * holds in memory.
 *
 * - One process: the real server (node + tsx, as npm start runs it) on
 *   SQLite. Two: npm run cluster's two instances on PostgreSQL and Redis,
 *   the sockets spread over them one by one, each connected to its instance
 *   itself: the figure is the servers' fan-out, not HAProxy's relaying (on
 *   this machine it would share the same cores).
 * - Each socket has a session of its own, as people signed in one by one
 *   do (minted in the store: a thousand scrypt sign-ins would time the
 *   bench's CPU, not the sockets), so the access sweep checks each of them.
 *   Nothing limits sockets per address (sign-in limits count failed
 *   sign-ins only), so no setting is loosened here.
 * - Broadcast: the sockets look at one workspace; one more person says
 *   something there, with no experts, so the echo is the broadcast timed
 *   (a hint on choosing experts follows it; every frame of a round reaches
 *   its audience the same way: CogHub.toAudience).
 *   Delivery is timed on this process's clock, from the moment the
 *   person's frame is sent to the moment each socket has the echo: the
 *   server's whole path (the access check, storing the words, the fan-out)
 *   and this process reading every socket on one event loop. Two broadcasts
 *   go first, untimed.
 * - Askers: people each in a workspace of their own with the five demo
 *   experts (offline engine) send a question at the same moment; each waits
 *   for the five `server.progress` done frames that end a round, once each
 *   process has answered every question once (see warmUp).
 */

const EXPERTS = ['ada-quant', 'chrono', 'librarian', 'scout', 'devon'];
const QUESTIONS = [
  'What is 12.5% of 2,480?',
  'What time is it in Tokyo?',
  'Hello there',
  'Convert 5 km to miles',
];
const BROADCAST_GAP_MS = 200;

/** What the bench needs of one setup, one process or two. */
interface Target {
  label: string;
  /** Each process itself: socket i connects to process i mod n. */
  instanceUrls: string[];
  pids: number[];
  store: Store;
  adminId: string;
  stop(): Promise<void>;
}

const urlFor = (t: Target, i: number) => t.instanceUrls[i % t.instanceUrls.length]!;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** Each process's RSS ("312 MB + 205 MB") and their sum. */
function rssOf(t: Target): { each: string; total: number } {
  const mbs = t.pids.map(rssMb);
  return {
    each: mbs.map((mb) => `${mb.toFixed(0)} MB`).join(' + '),
    total: Math.round(mbs.reduce((sum, mb) => sum + mb, 0)),
  };
}

/** Session cookies of `count` people signed in (one session each). */
async function sessions(t: Target, count: number): Promise<string[]> {
  return t.store.transaction(async (tx) => {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++)
      cookies.push(`${SESSION_COOKIE}=${(await tx.sessions.create(t.adminId)).token}`);
    return cookies;
  });
}

async function workspaces(t: Target, count: number, experts: string[]): Promise<string[]> {
  return t.store.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const ws = await tx.workspaces.create({
        worldId: WORLD,
        name: `bench ${i}`,
        createdBy: t.adminId,
        status: 'active',
      });
      for (const id of experts) await tx.workspaces.addExpert(ws.id, id);
      for (const p of toolProviderDefinitions) await tx.workspaces.addToolProvider(ws.id, p.name);
      ids.push(ws.id);
    }
    return ids;
  });
}

/** Resolves once `asker`'s round has ended: the five experts' done. */
function roundEnded(asker: BenchSocket, experts: number, ms = 120_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let dones = 0;
    const timer = setTimeout(
      () => reject(new Error(`a round ended ${dones} of ${experts} experts in ${ms / 1000} s`)),
      ms,
    );
    asker.onFrame = (frame, at) => {
      if (frame.typ !== 'server.progress' || frame.content.status !== 'done') return;
      if (++dones < experts) return;
      clearTimeout(timer);
      asker.onFrame = () => undefined;
      resolve(at);
    };
  });
}

async function broadcastDelivery(
  t: Target,
  receivers: BenchSocket[],
  asker: BenchSocket,
  messages: number,
): Promise<BenchResult> {
  const delays: number[] = [];
  const fromStamp: number[] = [];
  const echo = Buffer.from('"typ":"user.echo"');
  // How late this process's own event loop ran meanwhile: what reading every socket
  // here, and the machine's other work, add to the figure.
  const lateness = monitorEventLoopDelay({ resolution: 5 });
  for (let m = -WARM_UP_BROADCASTS; m < messages; m++) {
    if (m === 0) lateness.enable();
    const text = `broadcast ${m} ${randomUUID()}`;
    const marker = Buffer.from(text);
    const arrivals: number[] = [];
    let first: Buffer | undefined;
    const all = new Promise<void>((resolve) => {
      for (const s of receivers)
        s.onRaw = (data, at) => {
          if (!data.includes(marker) || !data.includes(echo)) return;
          first ??= data;
          arrivals.push(at);
          if (arrivals.length === receivers.length) resolve();
        };
    });
    const clockOffset = Date.now() - now();
    const sentAt = now();
    asker.send({ typ: 'user.message', content: { text } });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      all,
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`broadcast ${m}: ${arrivals.length} of ${receivers.length} sockets got it`),
            ),
          15_000,
        );
      }),
    ]);
    clearTimeout(timer);
    const stamped = JSON.parse(first!.toString()) as { content: { created_at: string } };
    const stampedAt = Date.parse(stamped.content.created_at) - clockOffset;
    if (m >= 0)
      for (const at of arrivals) {
        delays.push(at - sentAt);
        fromStamp.push(at - stampedAt);
      }
    await sleep(BROADCAST_GAP_MS);
  }
  lateness.disable();
  for (const s of receivers) s.onRaw = undefined;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return {
    name: `sockets: broadcast delivery p99, ${receivers.length.toLocaleString('en-US')} sockets, ${t.label}`,
    value: Number(percentile(delays, 99).toFixed(1)),
    unit: 'ms',
    budget: 50,
    kind: 'max',
    detail:
      `${messages} messages × ${receivers.length} sockets, each its own session, after ${WARM_UP_BROADCASTS} not counted; from the frame sent to the echo received: ` +
      `p50 ${ms(percentile(delays, 50))}, max ${ms(Math.max(...delays))}; ` +
      `from the server stamping the words (before storing them): p50 ${ms(percentile(fromStamp, 50))}, p99 ${ms(percentile(fromStamp, 99))}; ` +
      `meanwhile this process's event loop ran late by p99 ${ms(lateness.percentile(99) / 1e6)} ` +
      `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  };
}

/**
 * Each question asked once on each process by itself, so that what loads on
 * first use has loaded (mathjs; the time zones of the first "time in Tokyo",
 * some 0.6 s that every round under way would otherwise wait for).
 */
async function warmUp(t: Target, cookies: string[], ids: string[]): Promise<void> {
  await Promise.all(
    t.instanceUrls.map(async (url, i) => {
      const s = await watching(url, cookies[i]!, ids[i]!);
      for (const text of QUESTIONS) {
        const ended = roundEnded(s, EXPERTS.length);
        s.send({ typ: 'user.message', content: { text } });
        await ended;
      }
      s.ws.close();
    }),
  );
}

async function askersAtOnce(t: Target, count: number): Promise<BenchResult> {
  const n = t.instanceUrls.length;
  const ids = await workspaces(t, count + n, EXPERTS);
  const cookies = await sessions(t, count + n);
  await warmUp(t, cookies.slice(count), ids.slice(count));
  const askers = await inBatches(count, 50, (i) => watching(urlFor(t, i), cookies[i]!, ids[i]!));
  await sleep(500);
  const times = await Promise.all(
    askers.map((asker, i) => {
      const ended = roundEnded(asker, EXPERTS.length);
      const sentAt = now();
      asker.send({ typ: 'user.message', content: { text: QUESTIONS[i % QUESTIONS.length] } });
      return ended.then((at) => at - sentAt);
    }),
  );
  for (const a of askers) a.ws.close();
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  return {
    name: `sockets: ${count} people asking at once, p95 until done, ${t.label}`,
    value: Number(percentile(times, 95).toFixed(0)),
    unit: 'ms',
    kind: 'max',
    detail:
      `each in a workspace of their own with the five demo experts (offline engine, answers streamed as people see them), ` +
      `${QUESTIONS.length} questions in turn; from sending to the fifth server.progress done: ` +
      `p50 ${s(percentile(times, 50))}, max ${s(Math.max(...times))}`,
  };
}

/** Every figure on one setup; the setup is stopped at the end. */
async function measure(
  t: Target,
  opts: { sockets: number; messages: number; askers: number },
): Promise<BenchResult[]> {
  try {
    const atStart = rssOf(t);
    const [broadcastWs] = await workspaces(t, 1, []);
    const cookies = await sessions(t, opts.sockets + 1);
    const receivers = await inBatches(opts.sockets, 50, (i) =>
      watching(urlFor(t, i), cookies[i]!, broadcastWs!),
    );
    const asker = await watching(t.instanceUrls[0]!, cookies[opts.sockets]!, broadcastWs!, []);
    await sleep(2000);
    const withSockets = rssOf(t);
    const broadcast = await broadcastDelivery(t, receivers, asker, opts.messages);
    // The broadcast's sockets stay open (idle) while the askers ask.
    const askers = await askersAtOnce(t, opts.askers);
    await sleep(2000);
    const afterRounds = rssOf(t);
    for (const s of [...receivers, asker]) s.ws.close();
    return [
      broadcast,
      askers,
      {
        name: `sockets: server RSS, ${opts.sockets.toLocaleString('en-US')} sockets open and idle, ${t.label}`,
        value: withSockets.total,
        unit: 'MB',
        kind: 'max',
        detail:
          `${withSockets.each} before any message; just started (the demo content's extraction worker still up) ${atStart.each}; ` +
          `after the broadcasts and ${opts.askers} rounds (mathjs and the rest of what answers load), sockets still open ${afterRounds.each}`,
      },
    ];
  } finally {
    await t.store.close();
    await t.stop();
  }
}

async function oneProcess(): Promise<Target> {
  const server = await startServerProcess();
  const store = await openConfiguredStore(loadConfig({ DATA_DIR: server.dataDir }), {
    sessionTtlMs: 3600_000,
  });
  return {
    label: '1 process (SQLite)',
    instanceUrls: [server.url],
    pids: [server.child.pid!],
    store,
    adminId: (await store.users.byEmail(E2E_ADMIN.email))!.id,
    stop: () => server.stop(),
  };
}

async function twoProcesses(): Promise<Target> {
  const cluster = await startCluster({
    env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
  });
  const dataDir = fs.mkdtempSync(`${cluster.dir}/bench-`);
  const store = await openConfiguredStore(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: cluster.databaseUrl }),
    { sessionTtlMs: 3600_000 },
  );
  return {
    label: '2 processes (PostgreSQL, Redis)',
    instanceUrls: cluster.instances.map((i) => i.url),
    pids: cluster.instances.map((i) => i.pid),
    store,
    adminId: (await store.users.byEmail(E2E_ADMIN.email))!.id,
    stop: () => cluster.stop(),
  };
}

export async function serverSocketsBench(opts: { quick: boolean }): Promise<BenchOutcome[]> {
  const sizes = opts.quick
    ? { sockets: 50, messages: 5, askers: 20 }
    : { sockets: 1000, messages: 30, askers: 200 };
  const results: BenchOutcome[] = await measure(await oneProcess(), sizes);
  const missing = clusterMissing();
  if (missing) results.push({ name: 'sockets: 2 processes', skipped: missing });
  else results.push(...(await measure(await twoProcesses(), sizes)));
  return results;
}
