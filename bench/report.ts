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

export function withinBudget(r: BenchResult): boolean {
  if (r.budget === undefined) return true;
  return r.kind === 'max' ? r.value <= r.budget : r.value >= r.budget;
}

export function formatResult(r: BenchResult): string {
  const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(2));
  const sign = r.kind === 'max' ? '≤' : '≥';
  const budget =
    r.budget === undefined
      ? '(no budget in DESIGN §8)'
      : `budget ${sign} ${fmt(r.budget)} ${r.unit}  ${withinBudget(r) ? 'ok' : 'OVER BUDGET'}`;
  return `${r.name.padEnd(48)} ${fmt(r.value).padStart(12)} ${r.unit.padEnd(9)} ${budget}${r.detail ? `\n    ${r.detail}` : ''}`;
}
