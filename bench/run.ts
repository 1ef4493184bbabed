/**
 * npm run bench: every figure of DESIGN §8 that exists so far, each printed
 * beside its budget. Exits 1 when one is over budget. `-- --quick` asks the
 * benches that have one for their quick mode (smaller inputs); other
 * arguments pick benches by name.
 */
import { loginBundleBench } from './loginBundle';
import { formatResult, withinBudget, type BenchOutcome } from './report';
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
import { lighthouseBench } from './lighthouse';

const benches: [string, (opts: { quick: boolean }) => Promise<BenchOutcome | BenchOutcome[]>][] = [
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
  // The store figures on PostgreSQL beside SQLite's (npm run bench -- postgres).
  ['postgres', postgresBench],
  // Two instances behind HAProxy on PostgreSQL and Redis (npm run bench -- cluster).
  ['cluster', clusterBench],
];

const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).filter((a) => a !== '--quick');
const results: BenchOutcome[] = [];
for (const [name, run] of benches) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  for (const result of [await run({ quick })].flat()) {
    results.push(result);
    console.log(formatResult(result));
  }
}
process.exit(results.every(withinBudget) ? 0 : 1);
