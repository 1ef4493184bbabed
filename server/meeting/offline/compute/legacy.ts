import { isMathWord } from '../../tools/calc';
import { unscaledDegrees } from './units';
import { stripFillers } from './words';
import type { Reader } from './types';

/**
 * The first readers: plain expressions ("12.5% of 2,480"). Conversions,
 * statistics and algebra have their own readers (units.ts, statistics.ts,
 * algebra.ts); dates and time zones theirs (dates.ts, zones.ts).
 */

/** A calculation: has a digit and every word is a unit, constant, function or maths word. */
export function looksLikeMaths(text: string): boolean {
  if (!/\d/.test(text)) return false;
  const words = text.match(/[a-z_]+/gi) ?? [];
  const glue = new Set([
    'of',
    'off',
    'to',
    'in',
    'into',
    'plus',
    'minus',
    'times',
    'divided',
    'by',
    'multiplied',
    'x',
    'squared',
    'cubed',
    'percent',
    'per',
    'cent',
    'mod',
    'e',
  ]);
  return words.every((w) => glue.has(w.toLowerCase()) || isMathWord(w));
}

const calcReader: Reader = (q) => {
  const core = stripFillers(q);
  // "72 degrees to celsius" is a temperature without its scale, not an angle.
  if (unscaledDegrees(core.replace(/^convert\s+/i, ''))) return null;
  if (looksLikeMaths(core)) {
    return {
      kind: 'reading',
      domain: 'math',
      task: { tool: 'calc_evaluate', args: { expression: core } },
    };
  }
  return null;
};

export const legacyReaders: Reader[] = [calcReader];
