import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startCluster, clusterMissing, type Cluster } from '../scripts/cluster/start';
import { loadConfig } from '../server/config';
import { toolProviderDefinitions } from '../server/meeting/tools/providers';
import { openConfiguredStore } from '../server/store';
import { E2E_ADMIN } from '../tests/e2e/serverProcess';
import { Client } from '../tests/server/harness';
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
 * npm run bench -- cluster: two instances behind HAProxy on PostgreSQL and
 * Redis (npm run cluster's parts) on this machine.
 * - broadcast: 1,000 sockets in one workspace, half on each instance; one
 *   person's message (no experts asked, so the echo is the whole broadcast)
 *   reaches all of them; delivery is the time from the server stamping the
 *   message (created_at, before it is stored) to the frame arriving here.
 * - rounds per second: people each in their own workspace asking the five
 *   demo experts one question after another, all on one instance, then the
 *   same people spread over both, in the same run.
 * - Redis round trips per user message, from INFO commandstats.
 */

const QUESTIONS = [
  'What is 12.5% of 2,480?',
  'What time is it in Tokyo?',
  'Hello there',
  'double that',
];

/** Calls per Redis command since the server started (INFO commandstats). */
async function redisCalls(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  const calls = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(m[1]!, Number(m[2]));
  return calls;
}

/** Commands between two INFO readings, the INFO calls themselves left out. */
function callsBetween(before: Map<string, number>, after: Map<string, number>) {
  const delta = new Map<string, number>();
  for (const [cmd, n] of after) {
    if (cmd === 'info') continue;
    const d = n - (before.get(cmd) ?? 0);
    if (d > 0) delta.set(cmd, d);
  }
  const total = [...delta.values()].reduce((a, b) => a + b, 0);
  return { total, delta, detail: [...delta].map(([c, n]) => `${c} ${n}`).join(', ') };
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time the whole machine spent busy, all cores (ms, from /proc/stat):
 * user, nice, system, irq, softirq and steal, in clock ticks of 10 ms.
 */
function machineBusyMs(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10;
}

/**
 * The `n` messages whose median delivery was latest, each as its first and
 * median arrival on the asker's instance and on the other (ms after the
 * stamp): a message late on both from its first arrival was held up before
 * it was published; one late only on one side, in that instance's sending.
 */
function slowestMessages(perMessage: { one: number[]; two: number[] }[], n: number): string {
  const median = (xs: number[]) => percentile(xs, 50);
  const first = (xs: number[]) => Math.min(...xs);
  return perMessage
    .map((m, i) => ({ i, m, at: median([...m.one, ...m.two]) }))
    .sort((a, b) => b.at - a.at)
    .slice(0, n)
    .map(
      ({ i, m }) =>
        `#${i + 1}: asker's instance first ${first(m.one).toFixed(0)} / median ${median(m.one).toFixed(0)} ms, ` +
        `other first ${first(m.two).toFixed(0)} / median ${median(m.two).toFixed(0)} ms`,
    )
    .join('; ');
}

async function broadcastFigures(
  cluster: Cluster,
  cookie: string,
  workspaceId: string,
  opts: { sockets: number; messages: number },
  redis: Redis,
): Promise<BenchResult[]> {
  const [one, two] = cluster.instances;
  const sockets = await inBatches(opts.sockets, 50, (i) =>
    watching((i % 2 ? two : one).url, cookie, workspaceId),
  );
  const asker = await watching(one.url, cookie, workspaceId, []);
  const delays: number[] = [];
  const spreads: number[] = [];
  /** Per message: its delivery to the sockets of each instance, ms after the stamp. */
  const perMessage: { one: number[]; two: number[] }[] = [];
  const idleBefore = await redisCalls(redis);
  await sleep(2000);
  const idle = callsBetween(idleBefore, await redisCalls(redis));
  let before = new Map<string, number>();
  let started = 0;
  for (let m = -WARM_UP_BROADCASTS; m < opts.messages; m++) {
    if (m === 0) {
      before = await redisCalls(redis);
      started = now();
    }
    const text = `broadcast ${m} ${Date.now()}`;
    const arrivals: number[] = [];
    const onTwo: boolean[] = [];
    let stampedAt = 0;
    const all = new Promise<void>((resolve) => {
      sockets.forEach((s, i) => {
        s.onFrame = (frame, at) => {
          if (frame.typ !== 'user.echo' || frame.content.content !== text) return;
          stampedAt = Date.parse(String(frame.content.created_at));
          arrivals.push(at);
          onTwo.push(i % 2 === 1);
          if (arrivals.length === sockets.length) resolve();
        };
      });
    });
    asker.send({ typ: 'user.message', content: { text } });
    await Promise.race([
      all,
      sleep(15_000).then(() => {
        throw new Error(`broadcast ${m}: ${arrivals.length} of ${sockets.length} sockets got it`);
      }),
    ]);
    await sleep(100);
    if (m < 0) continue;
    const first = Math.min(...arrivals);
    const delivery: { one: number[]; two: number[] } = { one: [], two: [] };
    arrivals.forEach((at, i) => {
      delays.push(at - stampedAt);
      spreads.push(at - first);
      delivery[onTwo[i] ? 'two' : 'one'].push(at - stampedAt);
    });
    perMessage.push(delivery);
  }
  const elapsedMs = now() - started;
  const used = callsBetween(before, await redisCalls(redis));
  for (const s of [...sockets, asker]) s.ws.close();
  return [
    {
      name: `cluster: broadcast delivery p99, ${opts.sockets} sockets on 2 instances`,
      value: Number(percentile(delays, 99).toFixed(1)),
      unit: 'ms',
      budget: 50,
      kind: 'max',
      detail:
        `${opts.messages} messages × ${opts.sockets} sockets through Redis, after ${WARM_UP_BROADCASTS} not counted; p50 ${percentile(delays, 50).toFixed(1)} ms, ` +
        `from the server stamping the message (before storing it) to arrival; arrival spread p99 ${percentile(spreads, 99).toFixed(1)} ms; ` +
        `slowest messages ${slowestMessages(perMessage, 3)}`,
    },
    {
      name: 'cluster: Redis round trips per user message (echo only)',
      // A message's own calls are its PUBLISHes; the rest is the job queue's periodic
      // checks, which run whether anyone speaks or not (listed, not counted per message).
      value: Number(((used.delta.get('publish') ?? 0) / opts.messages).toFixed(1)),
      unit: 'calls',
      kind: 'max',
      detail: `${used.detail} over ${opts.messages} messages (${Math.round(elapsedMs / 1000)} s); when idle, ${idle.detail || 'none'} in 2 s`,
    },
  ];
}

/** Rounds completed in `seconds` by `askers`, each asking again once its round is done. */
async function roundsPerSecond(
  askers: BenchSocket[],
  seconds: number,
  pids: number[],
): Promise<{
  perSecond: number;
  rounds: number;
  allRounds: number;
  cpuMsPerRound: number;
  /** Everything the machine ran per round: the instances, PostgreSQL, Redis, HAProxy, this bench. */
  machineMsPerRound: number;
  /** Share of all cores busy meanwhile. */
  machineBusy: number;
}> {
  let counting = false;
  let rounds = 0;
  let allRounds = 0;
  let stop = false;
  const loops = askers.map(async (asker, i) => {
    for (let q = i; !stop; q++) {
      let dones = 0;
      const done = new Promise<void>((resolve) => {
        asker.onFrame = (frame) => {
          if (frame.typ === 'server.progress' && frame.content.status === 'done' && ++dones === 5)
            resolve();
        };
      });
      asker.send({ typ: 'user.message', content: { text: QUESTIONS[q % QUESTIONS.length] } });
      await done;
      allRounds++;
      if (counting) rounds++;
    }
  });
  await sleep(2000); // warm up
  const cpuBefore = pids.map(cpuMs);
  const machineBefore = machineBusyMs();
  counting = true;
  await sleep(seconds * 1000);
  counting = false;
  const cpu = pids.map(cpuMs).reduce((sum, v, i) => sum + v - cpuBefore[i]!, 0);
  const machine = machineBusyMs() - machineBefore;
  stop = true;
  await Promise.all(loops);
  return {
    perSecond: rounds / seconds,
    rounds,
    allRounds,
    cpuMsPerRound: cpu / Math.max(1, rounds),
    machineMsPerRound: machine / Math.max(1, rounds),
    machineBusy: machine / (seconds * 1000 * os.cpus().length),
  };
}

export async function clusterBench(opts: { quick: boolean }): Promise<BenchOutcome[]> {
  const missing = clusterMissing();
  if (missing) return [{ name: 'cluster', skipped: missing }];
  const sockets = opts.quick ? 200 : 1000;
  const cluster = await startCluster({
    env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-bench-cluster-'));
  const store = await openConfiguredStore(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: cluster.databaseUrl }),
    { sessionTtlMs: 3600_000 },
  );
  const redis = new Redis(cluster.redisUrl);
  try {
    const [one, two] = cluster.instances;
    const client = new Client(one.url);
    if ((await client.signIn(E2E_ADMIN.email, E2E_ADMIN.password)).status !== 200)
      throw new Error('The bench could not sign in');
    const cookie = client.cookieHeader;
    const admin = (await store.users.byEmail(E2E_ADMIN.email))!;
    const workspace = async (experts: string[]) => {
      const ws = await store.workspaces.create({ worldId: WORLD, createdBy: admin.id });
      for (const id of experts) await store.workspaces.addExpert(ws.id, id);
      for (const p of toolProviderDefinitions)
        await store.workspaces.addToolProvider(ws.id, p.name);
      return ws.id;
    };

    const results = await broadcastFigures(
      cluster,
      cookie,
      await workspace([]),
      { sockets, messages: opts.quick ? 5 : 30 },
      redis,
    );

    const experts = ['ada-quant', 'chrono', 'librarian', 'scout', 'devon'];
    const askers = opts.quick ? 8 : 24;
    const seconds = opts.quick ? 5 : 20;
    const workspaces = await inBatches(askers, 8, () => workspace(experts));
    const pids = [one.pid, two.pid];
    const onOne = await inBatches(askers, 8, (i) => watching(one.url, cookie, workspaces[i]!));
    const single = await roundsPerSecond(onOne, seconds, pids);
    for (const s of onOne) s.ws.close();
    const spread = await inBatches(askers, 8, (i) =>
      watching((i % 2 ? two : one).url, cookie, workspaces[i]!),
    );
    const before = await redisCalls(redis);
    const double = await roundsPerSecond(spread, seconds, pids);
    const used = callsBetween(before, await redisCalls(redis));
    for (const s of spread) s.ws.close();
    // What this machine allows two instances at most: all its cores busy at what a round costs
    // the whole machine with two, against one instance's rounds.
    const ceiling = (os.cpus().length * 1000) / double.machineMsPerRound / single.perSecond;
    const pct = (share: number) => `${Math.round(share * 100)}%`;
    results.push(
      {
        name: 'cluster: meeting rounds per second, 2 instances ÷ 1',
        value: Number((double.perSecond / single.perSecond).toFixed(2)),
        unit: '×',
        budget: 1.7,
        kind: 'min',
        detail:
          `${askers} people, 5 experts each (offline engine); one instance ${single.perSecond.toFixed(1)} rounds/s, ` +
          `two ${double.perSecond.toFixed(1)} rounds/s; a round costs ${single.cpuMsPerRound.toFixed(0)} ms of server CPU ` +
          `(${double.cpuMsPerRound.toFixed(0)} ms on two); machine: ${os.cpus().length} cores shared with PostgreSQL, Redis, HAProxy and this bench, ` +
          `${pct(single.machineBusy)} busy with one instance, ${pct(double.machineBusy)} with two; a round costs the whole machine ` +
          `${single.machineMsPerRound.toFixed(0)} ms of CPU (${double.machineMsPerRound.toFixed(0)} ms with two), so two instances here could reach ${ceiling.toFixed(2)} × at most`,
      },
      {
        name: 'cluster: Redis round trips per meeting round (5 experts)',
        value: Number((used.total / Math.max(1, double.allRounds)).toFixed(1)),
        unit: 'calls',
        kind: 'max',
        detail: `${used.detail}; ${double.allRounds} rounds; every frame for the workspace's audience is one PUBLISH, whatever the number of sockets`,
      },
    );
    return results;
  } finally {
    redis.disconnect();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await cluster.stop();
  }
}
