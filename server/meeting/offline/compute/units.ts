import { trimEnd } from '../trimEnd';
import { convertQuantity, resolveUnit } from '../../tools/units';
import type { KnownUnit } from '../../tools/units';
import type { PartialReading, Reader, Reading } from './types';
import { stripFillers } from './words';

/**
 * Unit conversions as people type them: "72°F in celsius", "convert 5 miles
 * to km", "how many ounces in 2.5 pounds", "5'11\" in cm", "1 GB = how many
 * MB", "100 km/h is how many mph". The units are read with the table in
 * tools/units.ts; calc_convert does the arithmetic.
 */

const NUMBER = String.raw`[-+−]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d*\.\d+|\d+(?:\.\d+)?)`;
const LEAD_IN =
  /^(?:how (?:hot|cold|warm|far|long|heavy|fast|big|tall|much|large|many)\s+(?:is|are)\s+|so\s+|ok\s+|hey\s+)/i;
const TAIL = /\s*(?:please|thanks|thank you|exactly|approximately|roughly|\?|=|\.)+\s*$/i;
const CONNECTOR =
  /\s*(?:=|→|->|=>)\s*(?:how many|what in|\?)?\s*|\s+(?:is how many|is what in|equals how many|equals|is equal to|are how many|in terms of|converted to|converted into|to|into|in|as)(?=\s)/gi;

interface Quantity {
  value: number;
  unit: string;
  known: KnownUnit;
  /** How it was written, when it was two units ("5 ft 11 in"). */
  compound?: string;
}

function toNumber(text: string): number {
  return Number(text.replace(/,/g, '').replace('−', '-'));
}

/** Two-unit quantities: 5'11", 5 ft 11 in, 11 st 4 lb, 7 lb 3 oz, 2 h 30 min. */
const COMPOUNDS: { pattern: RegExp; big: number; unit: string }[] = [
  {
    pattern: new RegExp(
      String.raw`^(\d+)\s*(?:'|′|ft|feet|foot)\s*,?\s*(${NUMBER})\s*(?:"|″|''|in|inch|inches)?$`,
      'i',
    ),
    big: 12,
    unit: 'in',
  },
  {
    pattern: new RegExp(
      String.raw`^(\d+)\s*(?:st|stone)\s*,?\s*(${NUMBER})\s*(?:lb|lbs|pounds?)$`,
      'i',
    ),
    big: 14,
    unit: 'lb',
  },
  {
    pattern: new RegExp(
      String.raw`^(\d+)\s*(?:lb|lbs|pounds?)\s*,?\s*(${NUMBER})\s*(?:oz|ounces?)$`,
      'i',
    ),
    big: 16,
    unit: 'oz',
  },
  {
    pattern: new RegExp(
      String.raw`^(\d+)\s*(?:h|hrs?|hours?)\s*,?\s*(?:and\s+)?(${NUMBER})\s*(?:m|mins?|minutes?)$`,
      'i',
    ),
    big: 60,
    unit: 'min',
  },
];

function readQuantity(text: string): Quantity | null {
  const t = text.trim().replace(/^(?:of|is)\s+/i, '');
  for (const c of COMPOUNDS) {
    const m = c.pattern.exec(t);
    if (m) {
      const value = Number(m[1]) * c.big + toNumber(m[2]!);
      return { value, unit: c.unit, known: resolveUnit(c.unit)!, compound: t };
    }
  }
  const article = /^(?:a|an|one|1)\s+(.+)$/i.exec(t);
  if (article && !/^\d/.test(article[1]!)) {
    const known = resolveUnit(article[1]!);
    if (known) return { value: 1, unit: article[1]!.trim(), known };
  }
  const m = new RegExp(String.raw`^(${NUMBER})\s*(.+)$`).exec(t);
  if (!m) return null;
  const unit = m[2]!.trim();
  const known = resolveUnit(unit);
  return known ? { value: toNumber(m[1]!), unit, known } : null;
}

function readTarget(text: string): { unit: string; known: KnownUnit } | null {
  const unit = text
    .replace(TAIL, '')
    .replace(/^(?:the|a|an)\s+/i, '')
    .trim();
  const known = resolveUnit(unit);
  return known ? { unit, known } : null;
}

/** "72 degrees in celsius": a temperature without its scale (Celsius or Fahrenheit?). */
export function unscaledDegrees(text: string): PartialReading | null {
  const m = new RegExp(
    String.raw`^${NUMBER}\s*(?:°|degrees?|deg)\s+(?:to|in|into)\s+(.+)$`,
    'i',
  ).exec(text);
  if (!m || !/^(?:degC|degF|K)$/.test(readTarget(m[1]!)?.known.unit ?? '')) return null;
  return {
    kind: 'partial',
    domain: 'math',
    understood: 'a temperature conversion',
    missing: 'I could not tell which scale the starting temperature is in (Fahrenheit or Celsius?)',
  };
}

function reading(q: Quantity, to: { unit: string }): Reading {
  return {
    kind: 'reading',
    domain: 'math',
    task: { tool: 'calc_convert', args: { value: q.value, from: q.unit, to: to.unit } },
  };
}

function split(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const m of text.matchAll(CONNECTOR)) {
    pairs.push([text.slice(0, m.index), text.slice(m.index + m[0].length).trim()]);
  }
  return pairs;
}

export const unitReader: Reader = (question) => {
  const q = stripFillers(trimEnd(question, '?!').trim())
    .replace(LEAD_IN, '')
    .replace(/^(?:convert|change|turn|express)\s+/i, '')
    .trim();
  if (!/\d|\b(?:a|an|one)\b/i.test(q)) return null;
  // "how many feet in a mile", "how many cm is 5'11"", "how many ounces are in 2 pounds"
  const howMany =
    /^(?:how many|how much|number of)\s+(.+?)\s+(?:are there in|are in|is in|are|is|in|make up|makes|per|fit in|to)\s+(.+)$/i.exec(
      q,
    );
  if (howMany) {
    const target = readTarget(howMany[1]!);
    const quantity = readQuantity(howMany[2]!.replace(TAIL, ''));
    if (target && quantity) return reading(quantity, target);
  }
  for (const [left, right] of split(q)) {
    const quantity = readQuantity(left);
    if (!quantity) continue;
    const target = readTarget(right.replace(/^(?:how many|what)\s+/i, ''));
    if (target) return reading(quantity, target);
  }
  return unscaledDegrees(q) ?? embedded(q);
};

/** "… is how many miles", "…, how many kilometers is that", "… in feet": the unit asked, at the end. */
const ASKED_AT_END =
  /(?:\bhow many|\bhow much|\bwhat(?:'s| is) (?:that|it) in|\bin|\binto)\s+([a-z°/ ]+?)(?:\s+(?:is that|is it|would that be|does that make|are they|that is|roughly|exactly|(?:does|will|can|would) (?:it|that|they) (?:hold|take|make|be)|do (?:i|we|you) need))?$/i;

/**
 * A quantity inside a sentence and the unit asked at its end: "a 10 km run is
 * how many miles", "marathon is 26.2 miles, how many kilometers is that".
 * Read only when exactly one quantity in it converts to the unit asked.
 */
function embedded(q: string): Reading | null {
  const asked = ASKED_AT_END.exec(q);
  const target = asked ? readTarget(asked[1]!) : null;
  if (!asked || !target) return null;
  const before = q.slice(0, asked.index);
  // Another question before this one ("15% of 200? And 72°F in Celsius"): the caller splits.
  if (/[?\n]/.test(before)) return null;
  // "on a 1:50,000 map, 3.5 cm is how far in km": a scale changes the quantity first.
  if (/\d\s*:\s*\d/.test(q)) return null;
  const found: Quantity[] = [];
  for (const m of before.matchAll(new RegExp(NUMBER, 'g'))) {
    const words = before
      .slice(m.index + m[0].length)
      .split(/[\s,;:]+/)
      .filter(Boolean);
    for (let n = Math.min(3, words.length); n >= 1; n--) {
      const quantity = readQuantity(`${m[0]} ${words.slice(0, n).join(' ')}`);
      if (quantity && converts(quantity, target.unit)) {
        found.push(quantity);
        break;
      }
    }
  }
  return found.length === 1 ? reading(found[0]!, target) : null;
}

function converts(q: Quantity, to: string): boolean {
  try {
    convertQuantity(q.value, q.unit, to);
    return true;
  } catch {
    return false;
  }
}
