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

export function convertSnippet(value: unknown, from: unknown, to: unknown, result: string): string {
  return fence([
    "import { unit } from 'mathjs';",
    '',
    `const converted = unit(${Number(value)}, ${quote(String(from))}).to(${quote(String(to))});`,
    `console.log(converted.format({ precision: 15 })); // ${result}`,
  ]);
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
