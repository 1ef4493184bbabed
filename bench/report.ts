/** One measured figure beside its DESIGN §8 budget. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Absent when DESIGN §8 sets none: the figure is printed for information. */
  budget?: number;
  /** 'max': the value must not exceed the budget; 'min': it must reach it. */
  kind: 'max' | 'min';
  detail?: string;
}

/** A bench that could not run here (a missing program), with the reason: printed, never silent. */
export interface BenchSkipped {
  name: string;
  skipped: string;
}

export type BenchOutcome = BenchResult | BenchSkipped;

export function withinBudget(r: BenchOutcome): boolean {
  if ('skipped' in r || r.budget === undefined) return true;
  return r.kind === 'max' ? r.value <= r.budget : r.value >= r.budget;
}

/** A figure as printed; `judged: false` (quick mode) shows the budget without a verdict. */
export function formatResult(r: BenchOutcome, opts: { judged?: boolean } = {}): string {
  if ('skipped' in r) return `${r.name.padEnd(56)} skipped: ${r.skipped}`;
  const judged = opts.judged ?? true;
  const sign = r.kind === 'max' ? '≤' : '≥';
  const verdict = judged ? (withinBudget(r) ? '  ok' : '  OVER BUDGET') : '  (quick: not judged)';
  const budget =
    r.budget === undefined
      ? '(no budget in DESIGN §8)'
      : `budget ${sign} ${formatNumber(r.budget)} ${r.unit}${verdict}`;
  return `${r.name.padEnd(56)} ${formatNumber(r.value).padStart(12)} ${r.unit.padEnd(9)} ${budget}${r.detail ? `\n    ${r.detail}` : ''}`;
}

export function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2);
}
