import { toJavaScript } from './jsExpression';

/**
 * Small runnable TypeScript programs that reproduce a tool's result; the
 * trailing comment is the value the tool computed.
 */

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const fence = (lines: string[]) => ['```ts', ...lines, '```'].join('\n');

export function evaluateSnippet(expression: string, result: string): string {
  const js = toJavaScript(expression);
  if (js) {
    return fence([
      `const result = ${js};`,
      '// toPrecision(15) trims binary floating-point noise before printing',
      `console.log(Number(result.toPrecision(15))); // ${result}`,
    ]);
  }
  return fence([
    "import { all, create } from 'mathjs';",
    '',
    "const math = create(all, { number: 'BigNumber', precision: 64 });",
    `const result = math.evaluate(${quote(expression)});`,
    `console.log(math.format(result, { precision: 15 })); // ${result}`,
  ]);
}

/** Units mathjs lacks, defined as tools/units.ts defines them. */
const EXTRA_UNITS: Record<string, string> = {
  knot: '1852 m/h',
  intacre: '4046.8564224 m^2',
  nmi: '1852 m',
  impgal: '4.54609 l',
  tbsp: '14.78676478125 ml',
  tsp: '4.92892159375 ml',
  calorie: '4.184 J',
  kcal: '4184 J',
  calyear: '365 day',
  calmonth: '30.4166666666667 day',
};

export function convertSnippet(value: unknown, from: unknown, to: unknown, result: string): string {
  const extra = [from, to]
    .map(String)
    .flatMap((u) => u.split(/[/^*\s]+/))
    .filter((u, i, all) => EXTRA_UNITS[u] && all.indexOf(u) === i);
  return fence([
    `import { ${extra.length ? 'createUnit, ' : ''}unit } from 'mathjs';`,
    '',
    ...extra.map((u) => `createUnit(${quote(u)}, ${quote(EXTRA_UNITS[u]!)});`),
    `const converted = unit(${Number(value)}, ${quote(String(from))}).to(${quote(String(to))});`,
    `console.log(converted.format({ precision: 15 })); // ${result}`,
  ]);
}

/** The asked statistic, computed in plain TypeScript ('' for a summary). */
function askedLines(v: Record<string, unknown>): string[] {
  const population = v.population === true;
  const divisor = population ? 'numbers.length' : '(numbers.length - 1 || 1)';
  switch (v.statistic) {
    case 'mode':
      return [
        'const counts = new Map<number, number>();',
        'for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);',
        'const top = Math.max(...counts.values());',
        'const modes = top > 1 ? [...counts].filter(([, c]) => c === top).map(([n]) => n) : [];',
        `console.log(modes); // ${v.mode}`,
      ];
    case 'range':
      return [`console.log(sorted.at(-1)! - sorted[0]!); // ${v.range}`];
    case 'min':
    case 'max':
    case 'count':
      return [
        `console.log(${v.statistic === 'count' ? 'numbers.length' : `Math.${v.statistic}(...numbers)`}); // ${v.headline}`,
      ];
    case 'variance':
    case 'std':
      return [
        `const spread = numbers.reduce((a, n) => a + (n - mean) ** 2, 0) / ${divisor};`,
        `console.log(${v.statistic === 'std' ? 'Math.sqrt(spread)' : 'spread'}); // ${String(v.label).toLowerCase()}: ${v.headline}`,
      ];
    case 'percentile':
    case 'iqr': {
      const at = (p: string) => `quantile(${p})`;
      return [
        '// linear interpolation between the sorted values (Excel PERCENTILE.INC)',
        'const quantile = (p: number) => {',
        '  const i = (sorted.length - 1) * p;',
        '  const lo = Math.floor(i);',
        '  return sorted[lo]! + (sorted[Math.ceil(i)]! - sorted[lo]!) * (i - lo);',
        '};',
        `console.log(${v.statistic === 'iqr' ? `${at('0.75')} - ${at('0.25')}` : at(String(Number(v.percent) / 100))}); // ${v.headline}`,
      ];
    }
    default:
      return [];
  }
}

export function statisticsSnippet(numbers: number[], v: Record<string, unknown>): string {
  return fence([
    `const numbers = [${numbers.join(', ')}];`,
    'const sum = numbers.reduce((a, b) => a + b, 0);',
    'const mean = sum / numbers.length;',
    'const sorted = [...numbers].sort((a, b) => a - b);',
    'const mid = Math.floor(sorted.length / 2);',
    'const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;',
    'const variance = numbers.reduce((a, n) => a + (n - mean) ** 2, 0) / (numbers.length - 1 || 1);',
    'console.log({ sum, mean, median, stdDev: Math.sqrt(variance) });',
    `// sum ${v.sum}, mean ${v.mean}, median ${v.median}, stdDev ${v.stdDev}`,
    ...askedLines(v),
  ]);
}

interface Moment {
  timezone: string;
  text: string;
  iso: string;
}

const formatter = (zone: string) => [
  "const format = new Intl.DateTimeFormat('en-GB', {",
  `  timeZone: ${quote(zone)},`,
  "  dateStyle: 'full',",
  "  timeStyle: 'long',",
  '});',
];

export function nowSnippet(at: Moment): string {
  return fence([
    ...formatter(at.timezone),
    `console.log(format.format(new Date())); // at the meeting's clock: ${at.text}`,
  ]);
}

export function convertTimeSnippet(a: Moment, b: Moment): string {
  return fence([
    `const instant = new Date(${quote(a.iso)}); // ${a.text} in ${a.timezone}`,
    ...formatter(b.timezone),
    `console.log(format.format(instant)); // ${b.text}`,
  ]);
}

export function differenceSnippet(a: Moment, b: Moment, totalMinutes: number): string {
  const days = Math.trunc(totalMinutes / 1440);
  const hours = Math.trunc(totalMinutes / 60) % 24;
  const minutes = totalMinutes % 60;
  return fence([
    `const from = new Date(${quote(a.iso)});`,
    `const to = new Date(${quote(b.iso)});`,
    'const total = Math.round((to.getTime() - from.getTime()) / 60_000);',
    'const days = Math.trunc(total / 1440);',
    'const hours = Math.trunc(total / 60) % 24;',
    'console.log(`${days} days, ${hours} hours, ${total % 60} minutes`);',
    `// ${days} days, ${hours} hours, ${minutes} minutes`,
  ]);
}
