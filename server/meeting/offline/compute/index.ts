import { algebraReader } from './algebra';
import { dateReader } from './dates';
import { financeReader } from './finance';
import { legacyReaders } from './legacy';
import { monthBusinessDaysReader } from './monthDays';
import { percentageReader } from './percentages';
import { proportionReader } from './proportion';
import { ratioReader } from './ratios';
import { restatements } from './restate';
import { hardPieces, softCuts, tidyPiece } from './split';
import type { Part, PartialReading, Reader, Reading } from './types';
import { statisticsReader } from './statistics';
import { successiveChangesReader } from './successive';
import { unitReader } from './units';
import { storyReader } from './stories';
import { unreadComputation } from './unread';
import { wordAlgebraReader } from './wordAlgebra';
import { zoneReader } from './zones';

/**
 * The computable-question readers, most specific first: the first full
 * reading wins; failing that the first partial one (what was understood);
 * the catch-all `unreadComputation` keeps a computation that nobody could
 * read away from web search and the documents.
 */
const READERS: Reader[] = [
  zoneReader,
  monthBusinessDaysReader,
  dateReader,
  financeReader,
  ratioReader,
  proportionReader,
  storyReader,
  successiveChangesReader,
  percentageReader,
  unitReader,
  algebraReader,
  wordAlgebraReader,
  statisticsReader,
  ...legacyReaders,
  unreadComputation,
];

/**
 * A question longer than this is a pasted list at most: only the statistics
 * reader (and the honesty catch-all) reads it, so that no message, however
 * long, keeps the event loop busy in the phrase readers.
 */
const MAX_QUESTION_CHARS = 600;
const LONG_READERS: Reader[] = [statisticsReader, unreadComputation];

/** The most a message is cut into, and the soft cuts tried per sentence. */
const MAX_PIECES = 12;
const MAX_SOFT_CUTS = 8;

export function readOne(text: string, now: Date): Reading | PartialReading | null {
  const long = text.length > MAX_QUESTION_CHARS;
  const first = readWith(long ? LONG_READERS : READERS, text, now);
  if (first?.kind === 'reading' || long) return first;
  // "our deadline is 2027-03-31, what weekday is that?": the value in place of "that".
  for (const restated of restatements(text)) {
    const reading = readWith(READERS, restated, now);
    if (reading?.kind === 'reading') return reading;
  }
  return first;
}

function readWith(readers: Reader[], text: string, now: Date): Reading | PartialReading | null {
  let partial: PartialReading | null = null;
  for (const read of readers) {
    const reading = read(text, now);
    if (reading?.kind === 'reading') return reading;
    partial ??= reading;
  }
  return partial;
}

const reads = (text: string, now: Date) => readOne(text, now)?.kind === 'reading';

/** A piece of a message and how it read. */
interface Piece {
  text: string;
  reading: Reading | PartialReading | null;
}

/** A bare number ("10") is a list's last item cut off, never a question of its own. */
const bareNumber = (text: string) => /^[-−$€£]?[\d.,\s]+%?$/.test(text);

/**
 * A sentence as questions: whole if it reads, else cut where both sides read,
 * fewest parts first ("the average of 3, 5 and 10, and the date 45 days after
 * 1 Dec" is cut at ", and", not after "3, 5"), up to four parts.
 */
function questionsOf(sentence: string, now: Date, depth = 0): string[] {
  if (depth >= 3 || sentence.length > MAX_QUESTION_CHARS || reads(sentence, now)) return [sentence];
  const cuts = softCuts(sentence, MAX_SOFT_CUTS)
    .filter(([l, r]) => !bareNumber(l) && !bareNumber(r))
    .map(([text, right]) => ({ left: { text, reading: readOne(text, now) }, right }))
    .filter(({ left }) => left.reading?.kind === 'reading');
  const two = cuts.find(
    ({ left, right }) => reads(right, now) || followOn(left, right, now) !== null,
  );
  if (two) return [two.left.text, two.right];
  for (const { left, right } of cuts) {
    const rest = questionsOf(right, now, depth + 1);
    if (rest.length > 1 && rest.every((r) => reads(r, now))) return [left.text, ...rest];
  }
  return [sentence];
}

/**
 * A question that builds on the one before it, read with it: "what weekday is
 * 2027-02-14, and how many days from today until then?" (the date in place of
 * "then"); "mean of 14, 18, 21 and 25? also the median" (the same list).
 */
function followOn(before: Piece, text: string, now: Date): Reading | null {
  const previous = before.reading;
  if (previous?.kind !== 'reading') return null;
  if (previous.task.tool === 'calc_statistics' && !/\d/.test(text)) {
    const numbers = (previous.task.args.numbers as number[]).join(', ');
    const reading = statisticsReader(`${text} of ${numbers}`, now);
    if (reading?.kind === 'reading') return reading;
  }
  for (const restated of restatements(`${before.text}, ${text}`, true)) {
    const reading = readWith(READERS, restated, now);
    if (reading?.kind === 'reading') return reading;
  }
  return null;
}

function withFollowOns(parts: Piece[], now: Date) {
  return parts.map((part, i) => {
    const before = parts[i - 1];
    if (part.reading?.kind === 'reading' || !before) return part;
    return { ...part, reading: followOn(before, part.text, now) ?? part.reading };
  });
}

/** Chatter between the questions ("Thanks!", "Two things:") has no number and is left out. */
const chatter = (text: string, reading: Reading | PartialReading | null) =>
  reading === null && !/\d/.test(text);

/**
 * The computable questions of a message: the whole message when one reader
 * reads it ("3a + 2b = 16; a - b = 2"), else each of its questions
 * ("1) 12 * 17  2) 2^10", "convert 5 miles to km and compute sqrt(2)^2 + 3/7")
 * when at least one of them reads. Null when nothing in it is a
 * computation.
 */
export function readParts(message: string, now: Date): Part[] | null {
  const sentences = hardPieces(message);
  const pieces = sentences.length > MAX_PIECES ? [] : sentences.flatMap((s) => questionsOf(s, now));
  const parts = withFollowOns(
    pieces.map((text) => ({ text, reading: readOne(text, now) })),
    now,
  ).filter(({ text, reading }) => !chatter(text, reading));
  const read = parts.filter((p) => p.reading?.kind === 'reading');
  const whole = readOne(tidyPiece(message), now);
  // Questions that read on their own win over a reader that swallowed them all ("3 feet in
  // cm - 10 lbs in kg" as one expression), except a system of equations, which is one question.
  const swallowed =
    read.length >= 2 && whole?.kind === 'reading' && whole.task.tool !== 'calc_solve';
  if (whole?.kind === 'reading' && !swallowed) return [{ text: message, reading: whole }];
  if (read.length >= 1) {
    const domain = read[0]!.reading!.domain;
    return parts.map(({ text, reading }) => ({
      text,
      reading: reading ?? notComputable(domain),
    }));
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
