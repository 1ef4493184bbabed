import { trimEnd } from '../trimEnd';
/**
 * Where a message that asks several things can be cut. Hard cuts always
 * separate questions: lines (numbered or bulleted lists), a "?" followed by
 * more, ";", and sentence ends. Soft cuts — "and", "and then", "also",
 * ", and" — only separate two questions when each side reads as a question of
 * its own, which index.ts checks: "average of 3, 5 and 10" stays whole,
 * "convert 30°C to F and 10 miles to km" is two.
 */

const LIST_MARK = /^\s*(?:[-*•]|\(?\d{1,2}[.)]|\(?[a-h][.)])\s+/;
const PREAMBLE =
  /^(?:(?:ok(?:ay)?|so|hi|hey)[,!]?\s+)?(?:(?:two|three|four|a few|a couple of|some|couple of|several|quick)\s+)?(?:things|questions|quick ones?|q's)\s*[:,-]\s*/i;
const LEAD_IN = /^(?:and|also|then|plus|and then|and also)\b[,:]?\s*/i;

export function tidyPiece(piece: string): string {
  const lead = piece.replace(LIST_MARK, '').replace(PREAMBLE, '').replace(LEAD_IN, '');
  return trimEnd(lead, '?!.;,:', true).trim();
}

/** The sentences and list items of a message (hard cuts), tidied. */
export function hardPieces(message: string): string[] {
  return message
    .split(/\n+|(?<=\?)\s+|;\s+|(?<=[a-z)\d%])\.\s+(?=[A-Z])/)
    .map(tidyPiece)
    .filter(Boolean);
}

const SOFT =
  /,?\s+(?:and then|and also|and|then|also|plus)\s+|,\s+(?=(?:what|how|and|convert|compute|calculate|solve)\b)/gi;

/** The first `limit` places a sentence could be cut in two at a soft joiner, left to right. */
export function softCuts(sentence: string, limit = Infinity): [string, string][] {
  const cuts: [string, string][] = [];
  for (const m of sentence.matchAll(SOFT)) {
    if (cuts.length >= limit) break;
    const left = tidyPiece(sentence.slice(0, m.index));
    const right = tidyPiece(sentence.slice(m.index + m[0].length));
    if (left && right) cuts.push([left, right]);
  }
  return cuts;
}
