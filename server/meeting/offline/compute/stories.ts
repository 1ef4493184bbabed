import { convertQuantity, resolveUnit } from '../../tools/units';
import type { Reader } from './types';

/**
 * Two story forms the list readers do not cover. A weighted average: "I
 * bought 3 items at $12, 5 at $15 and 2 at $20 — average price per item?"
 * (each count times its price, over the count). A map scale: "the scale is
 * 1:25,000; 6 cm on the map is how many km?" (the distance times the scale,
 * converted). Both become one calc_evaluate / calc_convert call that shows
 * the arithmetic.
 */

const AT = /(\d+)\s+(?:[a-z]+\s+)?(?:at|@)\s+([$€£¥]?)(\d[\d,]*(?:\.\d+)?)/gi;

function weightedAverage(q: string) {
  if (!/\b(?:average|mean)\b/i.test(q)) return null;
  const pairs = [...q.matchAll(AT)].map((m) => ({
    count: Number(m[1]),
    price: Number(m[3]!.replace(/,/g, '')),
    sign: m[2],
  }));
  const numbers = q.match(/\d[\d,]*(?:\.\d+)?/g) ?? [];
  if (pairs.length < 2 || numbers.length !== pairs.length * 2) return null;
  const top = pairs.map((p) => `${p.count} * ${p.price}`).join(' + ');
  const bottom = pairs.map((p) => p.count).join(' + ');
  return {
    kind: 'reading' as const,
    domain: 'math' as const,
    task: { tool: 'calc_evaluate', args: { expression: `(${top}) / (${bottom})` } },
  };
}

const SCALE = /\b1\s*:\s*(\d[\d,]*)/;
const MAP = /\b(?:map|scale|drawing|plan|blueprint|model)\b/i;
const DISTANCE = /(\d+(?:\.\d+)?)\s*(mm|cm|centimet(?:er|re)s?|inch(?:es)?|in)\b/i;
const TARGET =
  /\bhow (?:many|far|much)\s+(?:in\s+)?([a-z]+)|\bin\s+([a-z]+)\s+(?:in real life|on the ground|in reality)/i;

function mapScale(q: string) {
  const scale = SCALE.exec(q);
  if (!scale || !MAP.test(q)) return null;
  const rest = q.replace(scale[0], ' ');
  const distance = DISTANCE.exec(rest);
  const target = TARGET.exec(rest);
  const unit = target ? resolveUnit(target[1] ?? target[2]!) : null;
  if (!distance || !unit || (rest.match(/\d+(?:\.\d+)?/g) ?? []).length !== 1) return null;
  const value = Number(distance[1]) * Number(scale[1]!.replace(/,/g, ''));
  try {
    convertQuantity(value, distance[2]!, unit.unit);
  } catch {
    return null;
  }
  return {
    kind: 'reading' as const,
    domain: 'math' as const,
    task: { tool: 'calc_convert', args: { value, from: distance[2]!, to: unit.unit } },
  };
}

export const storyReader: Reader = (question) => {
  const q = question.slice(0, 400);
  return weightedAverage(q) ?? mapScale(q);
};
