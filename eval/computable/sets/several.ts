import type { Question } from '../questions';
import { num, date, at } from './expect';

/** Several questions in one message. */
export const SEVERAL: Question[] = [
  // Several questions in one message
  {
    category: 'several at once',
    q: 'Convert 5 miles to km and compute sqrt(2)^2 + 3/7',
    expect: [num(8.04672), num(2.4285714285714284)],
  },
  {
    category: 'several at once',
    q: "What's 15% of 200? And what's 72°F in Celsius?",
    expect: [num(30), num(22.222222222222)],
  },
  {
    category: 'several at once',
    q: '1) 12 * 17\n2) 2^10\n3) 144 / 12',
    expect: [num(204), num(1024), num(12)],
  },
  {
    category: 'several at once',
    q: "What time is it in Tokyo when it's 9am in London, and how many days until Christmas?",
    expect: [at('18:00'), num(31, /day/i)],
  },
  {
    category: 'several at once',
    q: 'median of 4, 8, 6, 2 and the mean of 10, 20, 30',
    expect: [num(5), num(20)],
  },
  {
    category: 'several at once',
    q: 'solve 2x + 3 = 11; convert 100 km to miles',
    expect: [{ values: { x: 4 } }, num(62.13711922373339)],
  },
  {
    category: 'several at once',
    q: 'How many weeks in 98 days? Also, what date is 98 days after 1 Jan 2027?',
    expect: [num(14), date('2027-04-09')],
  },
  {
    category: 'several at once',
    q: '- 3 feet in cm\n- 10 lbs in kg',
    expect: [num(91.44), num(4.5359237)],
  },
  {
    category: 'several at once',
    q: 'What day of the week is 4 July 2027 and how old is someone born 2 Feb 1980?',
    expect: [{ weekday: 'Sunday' }, num(46, /year/i)],
  },
  {
    category: 'several at once',
    q: 'Calculate 7% of 3,200 and then convert 50 kg to pounds',
    expect: [num(224), num(110.23113109243879)],
  },
  {
    category: 'several at once',
    q: 'Two things: the average of 3, 5 and 10, and the date 45 days after 2026-12-01',
    expect: [num(6), date('2027-01-15')],
  },
  { category: 'several at once', q: "What's 2+2? What's 3*3?", expect: [num(4), num(9)] },
  {
    category: 'several at once',
    q: 'Convert 30°C to F and 10 miles to km',
    expect: [num(86), num(16.09344)],
  },
];
