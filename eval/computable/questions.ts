import type { Expect } from './judge';
import { CALENDAR } from './sets/calendar';
import { MEASURES } from './sets/measures';
import { NUMBERS } from './sets/numbers';
import { SEVERAL } from './sets/several';
import { UNSEEN } from './sets/unseen';
import { FORMATTED } from './sets/formatted';

/**
 * Computable business questions, typed the way people type them: currency
 * symbols, thousands separators, "°F", city names, loose grammar. The meeting
 * clock is pinned to CLOCK, so relative dates have one right answer. Expected
 * values were computed independently (Python's datetime/zoneinfo and plain
 * arithmetic), not by the code under test.
 */

/** Tuesday 24 November 2026, 10:30 UTC. */
export const CLOCK = new Date('2026-11-24T10:30:00Z');

export interface Question {
  category: string;
  q: string;
  /** One expectation, or one per part of a several-question message. */
  expect: Expect | Expect[];
}

export const QUESTIONS: Question[] = [
  ...NUMBERS,
  ...MEASURES,
  ...CALENDAR,
  ...SEVERAL,
  ...UNSEEN,
  ...FORMATTED,
];
