import { runComputable, CLOCK, type Outcome } from './computable/run';
import { startEvalServer } from './server';

/**
 * `npm run eval`: the quality sets, through a real server and socket.
 * Prints accuracy per category, every wrong answer and the median time;
 * `--check` exits 1 below the thresholds (`npm test` runs it so).
 * `--only <text>` asks only the questions whose category or text contains it;
 * `--verbose` prints every answer of the questions that were not right.
 */

/** The computable set's thresholds (issue 17): nearly all exact, never confidently wrong. */
const MIN_EXACT = 0.95;
const MAX_WRONG = 0;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)} %`;

function report(outcomes: Outcome[], verbose: boolean): { exact: number; wrong: number } {
  const categories = [...new Set(outcomes.map((o) => o.question.category))];
  console.log('\nComputable questions (offline experts), by category:');
  for (const c of categories) {
    const mine = outcomes.filter((o) => o.question.category === c);
    const right = mine.filter((o) => o.verdict === 'right').length;
    const wrong = mine.filter((o) => o.verdict === 'wrong').length;
    console.log(
      `  ${c.padEnd(18)} ${String(right).padStart(3)}/${String(mine.length).padEnd(3)} ${percent(right, mine.length).padStart(7)}  wrong ${wrong}`,
    );
  }
  const right = outcomes.filter((o) => o.verdict === 'right').length;
  const wrong = outcomes.filter((o) => o.verdict === 'wrong');
  console.log(
    `  ${'overall'.padEnd(18)} ${String(right).padStart(3)}/${String(outcomes.length).padEnd(3)} ${percent(right, outcomes.length).padStart(7)}  wrong ${wrong.length}`,
  );
  console.log(
    `  median time per question (five experts, no streaming pauses): ${median(outcomes.map((o) => o.ms)).toFixed(0)} ms`,
  );
  for (const o of wrong) console.log(`  WRONG  ${JSON.stringify(o.question.q)} → ${o.said}`);
  for (const o of outcomes.filter((x) => x.verdict === 'unanswered')) {
    console.log(`  unanswered  ${JSON.stringify(o.question.q)}${o.said ? ` (${o.said})` : ''}`);
  }
  if (verbose) {
    for (const o of outcomes.filter((x) => x.verdict !== 'right')) {
      console.log(`\n--- ${JSON.stringify(o.question.q)} (${o.verdict})`);
      for (const a of o.answers) console.log(`[${a.name}] ${a.text}\n`);
    }
  }
  return { exact: right / Math.max(outcomes.length, 1), wrong: wrong.length };
}

async function main() {
  const only = argValue('--only')?.toLowerCase();
  const server = await startEvalServer(CLOCK);
  try {
    const outcomes = await runComputable(
      server,
      only ? (q) => q.category.includes(only) || q.q.toLowerCase().includes(only) : undefined,
    );
    const { exact, wrong } = report(outcomes, process.argv.includes('--verbose'));
    if (process.argv.includes('--check')) {
      const failures = [
        exact < MIN_EXACT ? `exact ${percent(exact, 1)} is below ${percent(MIN_EXACT, 1)}` : '',
        wrong > MAX_WRONG ? `${wrong} wrong answers (allowed: ${MAX_WRONG})` : '',
      ].filter(Boolean);
      if (failures.length) {
        console.error(`\neval: FAILED — ${failures.join('; ')}`);
        process.exitCode = 1;
      } else console.log('\neval: passed the thresholds');
    }
  } finally {
    await server.close();
  }
}

await main();
