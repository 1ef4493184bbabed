import type { Expect } from '../judge';

/** Shorthands for the expectations of the question sets. */
export const pct = (n: number, abs = false): Expect => ({ number: n, unit: /%|percent/i, abs });
export const money = (n: number): Expect => ({ number: n });
export const num = (n: number, unit?: RegExp): Expect =>
  unit ? { number: n, unit } : { number: n };
export const date = (iso: string): Expect => ({ date: iso });
export const at = (time: string, day?: string): Expect => (day ? { time, date: day } : { time });
