/**
 * npm run bench: every figure of DESIGN §8, each printed beside its budget,
 * written to .tmp/bench/results.json. Exits 1 when one is over budget or a
 * bench fails. A full run of every bench also writes the figures into the
 * README's table.
 *
 * `-- --quick` (what npm test runs): every bench on small inputs, so that a
 * broken bench fails the tests; its figures are printed, not judged. Other
 * arguments pick benches by name.
 */
import { loginBundleBench } from './loginBundle';
import { formatResult, withinBudget, type BenchOutcome } from './report';
import os from 'node:os';
import { writeResults, type BenchRun } from './results';
import { meetingOverheadBench } from './meetingOverhead';
import { socketIngestBench } from './socketIngest';
import {
  driveListingAndSearchBench,
  idleMemoryBench,
  semanticSearchBench,
  uploadMemoryBench,
} from './drives';
import { historyReplayBench } from './historyReplay';
import { transcriptRenderBench } from './transcriptRender';
import { dictationBench } from './dictation';
import { hostileUploadBench } from './hostileUpload';
import { postgresBench } from './postgres';
import { clusterBench } from './cluster';
import { serverSocketsBench } from './serverSockets';
import { lighthouseBench } from './lighthouse';

type Bench = (opts: { quick: boolean }) => Promise<BenchOutcome | BenchOutcome[]>;

const benches: [string, Bench][] = [
  ['login bundle', loginBundleBench],
  ['lighthouse', lighthouseBench],
  ['socket ingest', socketIngestBench],
  ['transcript', transcriptRenderBench],
  ['history replay', historyReplayBench],
  ['meeting', meetingOverheadBench],
  ['drive listing and text search', driveListingAndSearchBench],
  ['semantic search', semanticSearchBench],
  ['idle memory', idleMemoryBench],
  ['upload memory', uploadMemoryBench],
  ['dictation', dictationBench],
  ['hostile upload', hostileUploadBench],
  ['server sockets', serverSocketsBench],
  // The store figures on PostgreSQL beside SQLite's (npm run bench -- postgres).
  ['postgres', postgresBench],
  // Two instances behind HAProxy on PostgreSQL and Redis (npm run bench -- cluster).
  ['cluster', clusterBench],
];

const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((a) => a !== '--quick');
const results: BenchOutcome[] = [];
const runs: BenchRun[] = [];
const failed: string[] = [];
const started = Date.now();
for (const [name, run] of benches) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const begun: BenchRun = {
    bench: name,
    when: new Date().toISOString(),
    load: os.loadavg()[0]!,
    results: [],
  };
  runs.push(begun);
  try {
    for (const result of [await run({ quick })].flat()) {
      if ('value' in result && !Number.isFinite(result.value))
        throw new Error(`${result.name}: no figure (${result.value})`);
      results.push(result);
      begun.results.push(result);
      console.log(formatResult(result, { judged: !quick }));
    }
  } catch (err) {
    // One broken bench is reported and the others still run.
    failed.push(name);
    console.log(`${name.padEnd(56)} FAILED: ${(err as Error).stack ?? String(err)}`);
  }
}
const file = await writeResults(runs, { quick, failed, order: benches.map(([name]) => name) });
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\n${results.length} figures in ${seconds} s → ${file}`);
if (failed.length) console.log(`benches that failed: ${failed.join(', ')}`);
const over = quick ? [] : results.filter((r) => !withinBudget(r));
process.exit(failed.length || over.length ? 1 : 0);
