import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { formatNumber, withinBudget, type BenchOutcome } from './report';

const RESULTS = path.resolve('.tmp/bench/results.json');
/**
 * The latest full-size figures of every bench, kept across runs (`npm run bench -- name`
 * included) and in the repository beside the README's table made from them: kept only on the
 * machine that ran them, a fresh clone's first run of one bench rewrote the table with that
 * bench's rows alone.
 */
const LATEST = path.resolve('bench/latest.json');
const README = path.resolve('README.md');
const TABLE_START = '<!-- bench:start -->';
const TABLE_END = '<!-- bench:end -->';

/** One bench's run: its figures, when it ran and how busy the machine was as it began. */
export interface BenchRun {
  bench: string;
  when: string;
  /** The one-minute load average as the bench began (2 cores: above 1 already slows a browser bench); -1 when not recorded. */
  load: number;
  results: BenchOutcome[];
}

interface Latest {
  machine: string;
  runs: BenchRun[];
}

const machine = () =>
  `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/**
 * The run's figures as JSON (.tmp/bench/results.json, for CI and scripts).
 * A full-size run (not --quick) also replaces each bench it ran in the kept
 * latest figures and rewrites the README's table from them, so the README shows
 * each bench's latest figures with the day it ran and the machine's load then;
 * a bench that failed keeps its earlier figures.
 */
export async function writeResults(
  runs: BenchRun[],
  run: { quick: boolean; failed: string[]; order: string[] },
): Promise<string> {
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(
    RESULTS,
    JSON.stringify(
      {
        when: new Date().toISOString(),
        machine: machine(),
        quick: run.quick,
        failed: run.failed,
        runs: runs.map((r) => ({
          ...r,
          results: r.results.map((x) =>
            'skipped' in x ? x : { ...x, withinBudget: withinBudget(x) },
          ),
        })),
      },
      null,
      2,
    ) + '\n',
  );
  if (!run.quick) {
    const latest = mergeLatest(
      runs.filter((r) => !run.failed.includes(r.bench)),
      run.order,
    );
    await updateReadme(latest);
  }
  return path.relative(process.cwd(), RESULTS);
}

function readLatest(): Latest {
  try {
    return JSON.parse(fs.readFileSync(LATEST, 'utf8')) as Latest;
  } catch {
    return { machine: machine(), runs: [] };
  }
}

function mergeLatest(runs: BenchRun[], order: string[]): Latest {
  const kept = readLatest().runs.filter((old) => !runs.some((r) => r.bench === old.bench));
  const merged = [...kept, ...runs].sort((a, b) => order.indexOf(a.bench) - order.indexOf(b.bench));
  const latest = { machine: machine(), runs: merged };
  fs.writeFileSync(LATEST, JSON.stringify(latest, null, 2) + '\n');
  return latest;
}

export function benchTable(latest: Latest): string {
  const rows = latest.runs.flatMap((run) => {
    const load = run.load < 0 ? 'load not recorded' : `load ${run.load.toFixed(1)}`;
    const about = `${run.when.slice(0, 16).replace('T', ' ')} UTC, ${load}`;
    return run.results.map((r) => {
      if ('skipped' in r) return `| ${r.name} | skipped: ${r.skipped} | | | ${about} |`;
      const sign = r.kind === 'max' ? '≤' : '≥';
      const budget = r.budget === undefined ? '—' : `${sign} ${formatNumber(r.budget)} ${r.unit}`;
      const verdict = r.budget === undefined ? '' : withinBudget(r) ? 'ok' : '**over**';
      return `| ${r.name} | ${formatNumber(r.value)} ${r.unit} | ${budget} | ${verdict} | ${about} |`;
    });
  });
  return [
    `Latest \`npm run bench\` figures (${latest.machine}; each bench with when it ran and the`,
    "machine's one-minute load average as it began):",
    '',
    '| figure | value | budget (DESIGN §8) | | measured |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function updateReadme(latest: Latest): Promise<void> {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return;
  const updated = `${text.slice(0, start + TABLE_START.length)}\n${benchTable(latest)}\n${text.slice(end)}`;
  // Formatted as the repository's Prettier would (npm run lint checks the README too).
  const options = (await prettier.resolveConfig(README)) ?? {};
  fs.writeFileSync(README, await prettier.format(updated, { ...options, filepath: README }));
}
