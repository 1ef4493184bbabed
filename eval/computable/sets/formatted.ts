import type { Question } from '../questions';
import { money, num, pct, date } from './expect';

/**
 * Questions typed with the message box's markdown, as people do in a chat that renders it:
 * a number in bold or italics, an expression in a code span, a pasted list item or quote.
 * Expected values by plain arithmetic (the clock is Tuesday 24 November 2026).
 */
const F = 'formatted';

export const FORMATTED: Question[] = [
  { category: F, q: 'What is **15%** of 200?', expect: num(30) },
  { category: F, q: 'what is *12%* of 450', expect: num(54) },
  { category: F, q: 'can you work out `17 * 23` for me', expect: num(391) },
  { category: F, q: 'calculate `(1200 - 350) / 5`', expect: num(170) },
  { category: F, q: 'convert __5 miles__ to km', expect: num(8.04672, /km|kilomet/i) },
  { category: F, q: "what's 18 as a percentage of **240**?", expect: pct(7.5) },
  { category: F, q: '> price is $80, 25% off — what do I pay?', expect: money(60) },
  { category: F, q: '- what date is **90 days** from today', expect: date('2027-02-22') },
  { category: F, q: 'what is **2 * 3 * 4**', expect: num(24) },
  { category: F, q: 'average of `4, 8, 15, 16, 23, 42`', expect: num(18) },
];
