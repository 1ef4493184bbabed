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

export function formatResult(r: BenchOutcome): string {
  if ('skipped' in r) return `${r.name.padEnd(56)} skipped: ${r.skipped}`;
  const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2));
  const sign = r.kind === 'max' ? '≤' : '≥';
  const budget =
    r.budget === undefined
      ? '(no budget in DESIGN §8)'
      : `budget ${sign} ${fmt(r.budget)} ${r.unit}  ${withinBudget(r) ? 'ok' : 'OVER BUDGET'}`;
  return `${r.name.padEnd(56)} ${fmt(r.value).padStart(12)} ${r.unit.padEnd(9)} ${budget}${r.detail ? `\n    ${r.detail}` : ''}`;
}
