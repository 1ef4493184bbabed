import { algebraReader } from './algebra';
import { dateReader } from './dates';
import { financeReader } from './finance';
import { legacyReaders } from './legacy';
import { percentageReader } from './percentages';
import { ratioReader } from './ratios';
import { hardPieces, softCuts, tidyPiece } from './split';
import type { Part, PartialReading, Reader, Reading } from './types';
import { statisticsReader } from './statistics';
import { unitReader } from './units';
import { unreadComputation } from './unread';
import { zoneReader } from './zones';

/**
 * The computable-question readers, most specific first: the first full
 * reading wins; failing that the first partial one (what was understood);
 * the catch-all `unreadComputation` keeps a computation that nobody could
 * read away from web search and the documents.
 */
const READERS: Reader[] = [
  zoneReader,
  dateReader,
  financeReader,
  ratioReader,
  percentageReader,
  unitReader,
  algebraReader,
  statisticsReader,
  ...legacyReaders,
  unreadComputation,
];

export function readOne(text: string, now: Date): Reading | PartialReading | null {
  let partial: PartialReading | null = null;
  for (const read of READERS) {
    const reading = read(text, now);
    if (reading?.kind === 'reading') return reading;
    partial ??= reading;
  }
  return partial;
}

/** A sentence as questions: whole if it reads, else cut where both sides read (up to four parts). */
function questionsOf(sentence: string, now: Date, depth = 0): string[] {
  if (depth >= 3 || readOne(sentence, now)?.kind === 'reading') return [sentence];
  for (const [left, right] of softCuts(sentence)) {
    if (readOne(left, now)?.kind !== 'reading') continue;
    const rest = questionsOf(right, now, depth + 1);
    if (rest.every((r) => readOne(r, now)?.kind === 'reading')) return [left, ...rest];
  }
  return [sentence];
}

/**
 * The computable questions of a message: the whole message when one reader
 * reads it, else each of its questions ("convert 5 miles to km and compute
 * sqrt(2)^2 + 3/7") when at least one of them reads. Null when nothing in it
 * is a computation.
 */
export function readParts(message: string, now: Date): Part[] | null {
  const whole = readOne(tidyPiece(message), now);
  if (whole?.kind === 'reading') return [{ text: message, reading: whole }];
  const pieces = hardPieces(message).flatMap((s) => questionsOf(s, now));
  if (pieces.length > 1) {
    const parts = pieces.map((text) => ({ text, reading: readOne(text, now) }));
    if (parts.some((p) => p.reading?.kind === 'reading')) {
      return parts.map(({ text, reading }) => ({
        text,
        reading: reading ?? notComputable(parts.find((p) => p.reading)!.reading!.domain),
      }));
    }
  }
  return whole ? [{ text: message, reading: whole }] : null;
}

function notComputable(domain: Reading['domain']): PartialReading {
  return {
    kind: 'partial',
    domain,
    understood: 'this part of your message',
    missing: 'it is not a calculation or a date I can work out',
  };
}

export type { Part, PartialReading, Reader, Reading, ToolTask } from './types';
