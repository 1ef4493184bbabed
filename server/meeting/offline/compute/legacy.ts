import { isMathWord } from '../../tools/calc';
import { stripFillers } from './words';
import type { Reader, ToolTask } from './types';

/**
 * The first readers: plain expressions ("12.5% of 2,480"), "5 km to miles",
 * "average of 3, 5 and 10". Date and time questions are read by dates.ts and zones.ts.
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

function numberList(text: string): number[] | null {
  const tokens = text
    .split(/\s*,\s+|\s+and\s+|\s*;\s*|\s+/)
    .flatMap((t) =>
      /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(t) ? [t.replace(/,/g, '')] : t.split(','),
    )
    .filter(Boolean);
  const numbers = tokens.map(Number);
  return numbers.length >= 2 && numbers.every(Number.isFinite) ? numbers : null;
}

function statisticsTask(q: string): ToolTask | null {
  const m =
    /\b(?:average|mean|median|standard deviation|std dev|statistics|stats|sum)\s+(?:of\s+)?(?:the\s+)?(?:numbers\s+)?(?:in\s+)?\[?([-\d.,;\s]+(?:\s+and\s+-?[\d.]+)?)\]?$/i.exec(
      q,
    );
  const numbers = m ? numberList(m[1]!.trim()) : null;
  return numbers ? { tool: 'calc_statistics', args: { numbers } } : null;
}

function conversionTask(q: string): ToolTask | null {
  const direct =
    /^(-?[\d,]*\.?\d+)\s*([a-z°][a-z°]*(?: [a-z]+)?)\s+(?:to|in|into|as)\s+([a-z°]+)$/i.exec(q);
  if (direct && isMathWord(direct[2]!.replace(/ /g, '')) && isMathWord(direct[3]!)) {
    const value = direct[1]!.replace(/,/g, '');
    return { tool: 'calc_convert', args: { value: Number(value), from: direct[2], to: direct[3] } };
  }
  const howMany = /^how many ([a-z]+) (?:are )?(?:in|is) (-?[\d,]*\.?\d+)\s*([a-z]+)$/i.exec(q);
  if (howMany && isMathWord(howMany[1]!) && isMathWord(howMany[3]!)) {
    const value = Number(howMany[2]!.replace(/,/g, ''));
    return { tool: 'calc_convert', args: { value, from: howMany[3], to: howMany[1] } };
  }
  return null;
}

const calcReader: Reader = (q) => {
  const core = stripFillers(q);
  const task = statisticsTask(core) ?? conversionTask(core);
  if (task) return { kind: 'reading', domain: 'math', task };
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
