import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { KeyedSerial } from '../server/cog/keyedSerial';
import { AppRegistry } from '../server/cog/registry';
import { expertsApp } from '../server/apps/experts';
import { expertDirectory } from '../server/meeting/directory';
import { runMeetingRound } from '../server/meeting/meeting';
import { createOfflineEngine } from '../server/meeting/offline';
import { builtinTools } from '../server/meeting/tools';
import { loadConfig } from '../server/config';
import { openConfiguredStore, type Store } from '../server/store';
import { seedDemo } from '../server/seed/demo';
import type { BenchResult } from './report';

/**
 * What a meeting costs the server per expert answer: echo, storage, the
 * offline engine with its tools, every frame built (sent nowhere), the answer
 * stored. Streaming pauses are off, so only work is measured. The store is
 * SQLite in a temp dir, or the PostgreSQL database `databaseUrl` names;
 * `label` names it in the figure.
 */
export async function meetingOverheadBench(
  opts: { quick?: boolean; databaseUrl?: string; label?: string } = {},
): Promise<BenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emgen-bench-'));
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: opts.databaseUrl });
  let store: Store | undefined;
  try {
    store = await openConfiguredStore(config, { sessionTtlMs: 60_000 });
    return await measure(store, opts.quick ? 50 : 200, opts.label);
  } finally {
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(store: Store, rounds: number, label?: string): Promise<BenchResult> {
  await seedDemo(store, { email: 'bench@emgen.local', password: 'bench-password' });
  const registry = new AppRegistry();
  registry.register(expertsApp(await store.experts.list()));
  const workspace = (await store.workspaces.byId('innovation-lab-welcome'))!;
  const experts = [...expertDirectory(registry, workspace.world_id).values()];
  const admin = (await store.users.byEmail('bench@emgen.local'))!;
  let frames = 0;
  const audience = { send: () => void frames++ };
  const deps = {
    store,
    engine: createOfflineEngine({ paceMs: 0 }),
    tools: builtinTools({}),
    log: pino({ level: 'silent' }),
    transcriptQueue: new KeyedSerial(),
  };
  const questions = [
    'What is 12.5% of 2,480?',
    'What time is it in Tokyo?',
    'Hello there',
    'double that',
  ];
  const round = (i: number) =>
    runMeetingRound(deps, {
      workspace,
      userId: admin.id,
      text: questions[i % questions.length]!,
      experts,
      workspaceHasExperts: true,
      audience,
    });
  for (let i = 0; i < 20; i++) await round(i); // warm up
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await round(i);
  const perAnswer = (performance.now() - started) / (rounds * experts.length);
  return {
    name: `meeting: server time per expert answer${label ? ` (${label})` : ''}`,
    value: Number(perAnswer.toFixed(2)),
    unit: 'ms',
    kind: 'max',
    detail: `${rounds} rounds × ${experts.length} experts, offline engine, ${Math.round(frames / (rounds + 20))} frames a round`,
  };
}
