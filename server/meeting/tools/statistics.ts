import type { BigNumber } from 'mathjs';
import { ToolError } from '../types';
import { decimalMath } from './mathjs';
import { formatQuantity } from './units';

/**
 * Statistics over a list with exact decimal arithmetic (mathjs BigNumber),
 * led by the statistic that was asked: a median question gets the median
 * first. Variance and standard deviation are the sample ones (n − 1) unless
 * the population ones are asked; percentiles interpolate linearly between
 * the sorted values (Excel's PERCENTILE.INC, NumPy's default).
 */

export const STATISTICS = [
  'summary',
  'mean',
  'median',
  'mode',
  'range',
  'variance',
  'std',
  'min',
  'max',
  'sum',
  'count',
  'percentile',
  'iqr',
] as const;
export type Statistic = (typeof STATISTICS)[number];

const MAX_NUMBERS = 10000;

function formatValue(value: BigNumber): string {
  if (value.isInteger() && value.abs().lt(1e21)) return value.toFixed();
  return decimalMath().format(value, { precision: 15, lowerExp: -9, upperExp: 21 });
}

function readNumbers(numbers: unknown): BigNumber[] {
  if (!Array.isArray(numbers) || numbers.length === 0) {
    throw new ToolError('A non-empty list of numbers is required');
  }
  if (numbers.length > MAX_NUMBERS) throw new ToolError('At most 10,000 numbers are supported');
  return numbers.map((n) => {
    const num = typeof n === 'string' ? Number(n.replace(/[,\s$€£¥]/g, '')) : n;
    if (typeof num !== 'number' || !Number.isFinite(num)) {
      throw new ToolError(`"${String(n)}" is not a finite number`);
    }
    return decimalMath().bignumber(String(num));
  });
}

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/** The most frequent values, in order of first appearance; empty when every value appears once. */
function modes(values: BigNumber[]): BigNumber[] {
  const counts = new Map<string, { value: BigNumber; count: number }>();
  for (const v of values) {
    const key = v.toString();
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { value: v, count: 1 });
  }
  const top = Math.max(...[...counts.values()].map((c) => c.count));
  if (top === 1 && values.length > 1) return [];
  return [...counts.values()].filter((c) => c.count === top).map((c) => c.value);
}

function quantile(values: BigNumber[], percent: number): BigNumber {
  return decimalMath().quantileSeq(
    values,
    decimalMath().bignumber(percent).div(100),
  ) as unknown as BigNumber;
}

export interface StatisticsOptions {
  statistic?: unknown;
  population?: unknown;
  percentile?: unknown;
}

export function statistics(
  numbers: unknown,
  options: StatisticsOptions = {},
): Record<string, string | number | boolean> {
  const values = readNumbers(numbers);
  const statistic = (options.statistic ?? 'summary') as Statistic;
  if (!STATISTICS.includes(statistic)) {
    throw new ToolError(`"${String(options.statistic)}" is not one of: ${STATISTICS.join(', ')}`);
  }
  const population = options.population === true;
  let percent = 50;
  if (statistic === 'percentile') {
    percent = Number(options.percentile);
    if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
      throw new ToolError('A percentile between 0 and 100 is required, for example 90');
    }
  }
  const n = values.length;
  const sampleVariance =
    n > 1 ? (decimalMath().variance(values) as unknown as BigNumber) : decimalMath().bignumber(0);
  const populationVariance = decimalMath().variance(values, 'uncorrected') as unknown as BigNumber;
  const min = decimalMath().min(values) as unknown as BigNumber;
  const max = decimalMath().max(values) as unknown as BigNumber;
  const found = modes(values);
  const q1 = quantile(values, 25);
  const q3 = quantile(values, 75);
  const variance = population ? populationVariance : sampleVariance;
  const kind = population ? 'population' : 'sample';
  const all: Record<Exclude<Statistic, 'summary' | 'mode'>, { label: string; value: BigNumber }> = {
    mean: { label: 'Mean', value: decimalMath().mean(values) as unknown as BigNumber },
    median: { label: 'Median', value: decimalMath().median(values) as unknown as BigNumber },
    range: { label: 'Range', value: max.minus(min) },
    variance: { label: `Variance (${kind})`, value: variance },
    std: { label: `Standard deviation (${kind})`, value: variance.sqrt() },
    min: { label: 'Minimum', value: min },
    max: { label: 'Maximum', value: max },
    sum: { label: 'Sum', value: decimalMath().sum(values) as unknown as BigNumber },
    count: { label: 'Count', value: decimalMath().bignumber(n) },
    percentile: { label: `${ordinal(percent)} percentile`, value: quantile(values, percent) },
    iqr: { label: 'Interquartile range', value: q3.minus(q1) },
  };
  const modeText = found.length ? found.map(formatQuantity).join(' and ') : 'no mode';
  const asked = statistic === 'summary' ? 'mean' : statistic;
  const label = asked === 'mode' ? (found.length > 1 ? 'Modes' : 'Mode') : all[asked].label;
  const headline = asked === 'mode' ? modeText : formatQuantity(all[asked].value);
  const list = values.map(formatValue);
  const shown = list.length > 12 ? `${list.slice(0, 12).join(', ')}, …` : list.join(', ');
  const how: Partial<Record<Statistic, string>> = {
    mode: found.length
      ? `the value${found.length > 1 ? 's' : ''} that appear${found.length > 1 ? '' : 's'} most often`
      : 'every value appears equally often, so there is no mode',
    variance: population
      ? 'population variance: squared deviations from the mean divided by n'
      : 'sample variance: squared deviations from the mean divided by n − 1',
    std: population
      ? 'population standard deviation: divides by n'
      : 'sample standard deviation: divides by n − 1 (ask for the population one to divide by n)',
    percentile: 'linear interpolation between the sorted values (as Excel PERCENTILE.INC)',
    iqr: `Q3 − Q1 = ${formatValue(q3)} − ${formatValue(q1)}, quartiles by linear interpolation`,
    range: `maximum − minimum = ${formatValue(max)} − ${formatValue(min)}`,
  };
  const exact = asked === 'mode' ? modeText : formatValue(all[asked].value);
  return {
    statistic,
    population,
    label,
    headline,
    answer: headline,
    expression: `${asked}(${shown})`,
    working:
      `${label} of ${n} number${n === 1 ? '' : 's'} = ${exact}` +
      (how[asked] ? ` (${how[asked]})` : '') +
      '.',
    count: n,
    sum: formatValue(all.sum.value),
    mean: formatValue(all.mean.value),
    median: formatValue(all.median.value),
    mode: modeText,
    stdDev: formatValue(sampleVariance.sqrt()),
    populationStdDev: formatValue(populationVariance.sqrt()),
    variance: formatValue(sampleVariance),
    populationVariance: formatValue(populationVariance),
    min: formatValue(min),
    max: formatValue(max),
    range: formatValue(all.range.value),
    q1: formatValue(q1),
    q3: formatValue(q3),
    ...(statistic === 'percentile'
      ? { percentile: formatValue(all.percentile.value), percent }
      : {}),
  };
}
