import type { HistoryEntry } from '../types';
import { resolveUnit } from '../tools/units';

/**
 * Follow-ups ("double that", "ans + 5", "and in miles?") refer to the last
 * numeric result in the conversation: the first bold number of the newest
 * assistant answer that has one (every offline answer leads with it), or
 * failing that its last "= number".
 */

export interface PreviousResult {
  /** As mathjs reads it: "310" or "3.10685596118667 miles". */
  text: string;
  number: string;
  unit?: string;
  by: string;
}

const BOLD = /\*\*(-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?)(?:\s+([^*\n\d][^*\n]{0,24}))?\*\*/;
const EQUALS = /=\s*(-?\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?)(?:\s+([a-zA-Z]+))?\s*$/m;

export function lastResult(history: HistoryEntry[], question?: string): PreviousResult | undefined {
  // If the history already holds this question, only what came before it counts.
  const asked = question?.trim();
  const own = asked
    ? history.findLastIndex((e) => e.role === 'user' && e.content.trim() === asked)
    : -1;
  const start = own >= 0 ? own - 1 : history.length - 1;
  for (let i = start; i >= 0; i--) {
    const entry = history[i]!;
    if (entry.role !== 'assistant') continue;
    const bold = BOLD.exec(entry.content);
    // A unit as a word ("miles") or as the converters name it ("°C", "km/h", "US gallons").
    const unitOk = !bold?.[2] || /^[a-zA-Z]+$/.test(bold[2]) || resolveUnit(bold[2]) !== null;
    const m = (unitOk ? bold : null) ?? EQUALS.exec(entry.content);
    if (!m) continue;
    const number = m[1]!.replace(/,/g, '');
    const unit = m[2];
    return {
      text: unit ? `${number} ${unit}` : number,
      number,
      ...(unit ? { unit } : {}),
      by: entry.name,
    };
  }
  return undefined;
}

/** Words that point back at the previous result. */
export const REFERENCE = /\b(?:that|ans|it|this|the result|the answer|that number|the total)\b/i;

const VERBS: Array<[RegExp, (p: string, x: string) => string]> = [
  [/^double\b/i, (p) => `2 * (${p})`],
  [/^triple\b/i, (p) => `3 * (${p})`],
  [/^quadruple\b/i, (p) => `4 * (${p})`],
  [/^(?:halve|half of)\b/i, (p) => `(${p}) / 2`],
  [/^(?:square root of|sqrt of)\b/i, (p) => `sqrt(${p})`],
  [/^square\b/i, (p) => `(${p})^2`],
  [/^cube\b/i, (p) => `(${p})^3`],
  [/^add (.+?) to\b/i, (p, x) => `(${p}) + ${x}`],
  [/^subtract (.+?) from\b/i, (p, x) => `(${p}) - ${x}`],
  [/^take (.+?) off\b/i, (p, x) => `(${p}) - ${x}`],
  [/^multiply (?:that|it|this|ans) by (.+)$/i, (p, x) => `(${p}) * ${x}`],
  [/^divide (?:that|it|this|ans) by (.+)$/i, (p, x) => `(${p}) / ${x}`],
];

/**
 * The expression a follow-up asks for, with the previous result in place of
 * "that", or null if the text is not such a follow-up.
 */
export function followUpExpression(text: string, previous: string): string | null {
  let q = text.trim();
  for (let i = 0; i < 4; i++)
    q = q.replace(/^(?:and|now|then|ok|okay|so|great|thanks)\b[,!]?\s*/i, '');
  for (const [re, build] of VERBS) {
    const m = re.exec(q);
    if (m && REFERENCE.test(q)) return build(previous, m[1] ?? '');
  }
  if (!REFERENCE.test(q)) return null;
  return q.replace(new RegExp(REFERENCE.source, 'gi'), `(${previous})`);
}

/** "and in euros?" / "what about in feet?" → the target, or null. */
export function conversionTarget(text: string): string | null {
  const m =
    /^(?:and|so|now|what about|how about|ok)?\s*(?:in|to|into|as) ([a-z€$£¥][a-z€$£¥ ]*?)(?: instead| please)?$/i.exec(
      text.trim(),
    );
  return m ? m[1]!.trim() : null;
}
