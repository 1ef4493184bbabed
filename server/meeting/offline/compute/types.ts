/**
 * What a reader makes of one computable question: the tool call that answers
 * it, or — when it recognises the kind of question but cannot read all of it —
 * what it understood and what it could not, so the expert says so instead of
 * guessing or reaching for an unrelated tool.
 */

export interface ToolTask {
  tool: string;
  args: Record<string, unknown>;
  /** The previous result a follow-up used. */
  basis?: { text: string; number: string; unit?: string; by: string };
}

/** Which specialty answers a reading: the numbers expert or the calendar expert. */
export type ComputeDomain = 'math' | 'time';

export interface Reading {
  kind: 'reading';
  domain: ComputeDomain;
  task: ToolTask;
}

export interface PartialReading {
  kind: 'partial';
  domain: ComputeDomain;
  /** What the question asks, in the expert's words: "a loan payment". */
  understood: string;
  /** What could not be read: "the interest rate". */
  missing: string;
}

/**
 * Reads one question (names of experts and trailing punctuation already
 * removed, otherwise as typed). Returns null when the question is not of its
 * kind at all. Pure: `now` is the meeting's clock.
 */
export type Reader = (question: string, now: Date) => Reading | PartialReading | null;

/** One question of a message, with what was read of it. */
export interface Part {
  text: string;
  reading: Reading | PartialReading;
}
