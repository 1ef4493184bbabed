import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatNumber, withinBudget, type BenchOutcome } from './report';

const RESULTS = path.resolve('.tmp/bench/results.json');
const README = path.resolve('README.md');
const TABLE_START = '<!-- bench:start -->';
const TABLE_END = '<!-- bench:end -->';

/**
 * The run's figures as JSON (.tmp/bench/results.json, for CI and scripts).
 * A complete full run also replaces the README's table between its markers,
 * so the README shows the latest figures with the machine they came from.
 */
export function writeResults(
  results: BenchOutcome[],
  run: { quick: boolean; complete: boolean; failed: string[] },
): string {
  const when = new Date().toISOString();
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(
    RESULTS,
    JSON.stringify(
      {
        when,
        machine,
        quick: run.quick,
        failed: run.failed,
        results: results.map((r) => ('skipped' in r ? r : { ...r, withinBudget: withinBudget(r) })),
      },
      null,
      2,
    ) + '\n',
  );
  if (run.complete && !run.failed.length) updateReadme(results, `${when.slice(0, 10)}, ${machine}`);
  return path.relative(process.cwd(), RESULTS);
}

export function benchTable(results: BenchOutcome[], about: string): string {
  const rows = results.map((r) => {
    if ('skipped' in r) return `| ${r.name} | skipped: ${r.skipped} | | |`;
    const sign = r.kind === 'max' ? '≤' : '≥';
    const budget = r.budget === undefined ? '—' : `${sign} ${formatNumber(r.budget)} ${r.unit}`;
    const verdict = r.budget === undefined ? '' : withinBudget(r) ? 'ok' : '**over**';
    return `| ${r.name} | ${formatNumber(r.value)} ${r.unit} | ${budget} | ${verdict} |`;
  });
  return [
    `Latest \`npm run bench\` (${about}):`,
    '',
    '| figure | value | budget (DESIGN §8) | |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function updateReadme(results: BenchOutcome[], about: string): void {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return;
  const table = benchTable(results, about);
  fs.writeFileSync(
    README,
    `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`,
  );
}
