import type { Question } from '../questions';
import { pct, money, num, date, at } from './expect';

/**
 * Held-out questions: written fresh, without reading the experts' code or the
 * other sets' questions, to measure whether the experts generalise to
 * questions their authors never saw. Every expected value was computed with
 * Python (datetime, zoneinfo, statistics, plain arithmetic); the clock is
 * Tuesday 24 November 2026, 10:30 UTC.
 */
const U = 'unseen';

export const UNSEEN: Question[] = [
  // Percentages
  {
    category: U,
    q: "that jacket I liked was $189.99 and now it's 35% off, so what do I actually pay for it?",
    expect: money(123.4935),
  },
  {
    category: U,
    q: 'dinner came to €86.40 and we want to leave an 18% tip. how much is the tip',
    expect: money(15.552),
  },
  {
    category: U,
    q: 'price before tax is $1,250 and sales tax here is 8.875% — what is the total with tax?',
    expect: money(1360.9375),
  },
  {
    category: U,
    q: 'revenue dropped from £412,000 last year to £371,000 this year. by what percent did it fall?',
    expect: pct(9.951456310679612, true),
  },
  {
    category: U,
    q: 'I sell mugs for $24 each and they cost me $9 to make, whats my profit margin',
    expect: pct(62.5),
  },
  {
    category: U,
    q: 'if I buy widgets at $40 and want a 25% markup, what should I sell them for?',
    expect: money(50),
  },
  {
    category: U,
    q: 'the receipt says £144 including 20% VAT, what was the price before VAT?',
    expect: money(120),
  },
  {
    category: U,
    q: 'our newsletter went from 3,200 subscribers to 5,000 in a year. what % growth is that',
    expect: pct(56.25),
  },
  { category: U, q: "what's 2.5% of 1,200,000", expect: num(30000) },
  {
    category: U,
    q: '38 out of 52 people in the survey said yes. what percentage is that?',
    expect: pct(73.07692307692308),
  },
  {
    category: U,
    q: 'a stock falls 20% and then rises 20%. what is the overall percent change?',
    expect: pct(-4, true),
  },
  {
    category: U,
    q: 'after a 15% raise my salary is $69,000. what was it before the raise?',
    expect: money(60000),
  },

  // Ratios
  {
    category: U,
    q: 'we need to split $12,000 of profit between three partners in the ratio 5:3:2, how much does each get',
    expect: { all: [6000, 3600, 2400] },
  },
  {
    category: U,
    q: 'recipe uses 3 cups of flour to 2 cups of sugar. if I use 7.5 cups of flour how much sugar do I need?',
    expect: num(5),
  },
  {
    category: U,
    q: 'we have 45 engineers and 18 designers, what is the ratio of engineers to designers?',
    expect: { oneOf: [{ text: /\b5\s*:\s*2\b/ }, num(2.5)] },
  },
  {
    category: U,
    q: 'if 4 machines make 360 parts an hour, how many parts an hour would 7 machines make?',
    expect: num(630),
  },
  {
    category: U,
    q: 'the map scale is 1:25,000. 6 cm on the map is how many km in real life?',
    expect: num(1.5, /km|kilomet/i),
  },

  // Finance
  {
    category: U,
    q: 'if I put $10,000 in at 5% interest compounded monthly, how much will I have after 10 years?',
    expect: money(16470.0949769028),
  },
  {
    category: U,
    q: "what's the monthly payment on a $350,000 mortgage over 30 years at 6.5%?",
    expect: money(2212.2380822253785),
  },
  {
    category: U,
    q: 'borrowing €25k for a car over 5 years at 7.2% APR, what will the monthly payment be',
    expect: money(497.3923704850421),
  },
  {
    category: U,
    q: 'I save $500 every month in an account paying 6% a year, compounded monthly. how much will I have after 20 years?',
    expect: { oneOf: [money(231020.44758073636), money(232175.54981864002)] },
  },
  {
    category: U,
    q: 'revenue grew from $2.1M in 2020 to $3.4M in 2025, what was the CAGR?',
    expect: pct(10.116379654429842),
  },
  {
    category: U,
    q: 'simple interest on ₹80,000 at 7% per year for 3 years?',
    expect: num(16800),
  },
  {
    category: U,
    q: 'fixed costs are $48,000 a year, each unit sells for $120 and costs $80 to make. how many units do we need to sell to break even?',
    expect: num(1200),
  },
  {
    category: U,
    q: 'how many years does it take to double my money at 8% compounded annually?',
    expect: num(9.006468342000588),
  },
  {
    category: U,
    q: 'how much do I need to invest today at 5% a year (compounded annually) to have $50,000 in 10 years?',
    expect: money(30695.66267703796),
  },
  {
    category: U,
    q: 'what will $5,000 grow to in 8 years at 4% compounded quarterly?',
    expect: money(6874.703392655487),
  },

  // Units
  {
    category: U,
    q: "it's 95°F outside right now, what's that in celsius",
    expect: num(35, /°?\s*C|celsius/i),
  },
  {
    category: U,
    q: 'forecast says -10 °C tomorrow, how much is that in fahrenheit?',
    expect: num(14, /°?\s*F|fahrenheit/i),
  },
  {
    category: U,
    q: 'a marathon is 26.2 miles, how many kilometers is that?',
    expect: num(42.1648128, /km|kilomet/i),
  },
  {
    category: U,
    q: "I'm 5 ft 10 in tall, how much is that in cm?",
    expect: num(177.8, /cm|centimet/i),
  },
  { category: U, q: 'how many kg is 165 lbs', expect: num(74.84274105, /kg|kilogram/i) },
  {
    category: U,
    q: "I'm driving at 65 mph, what's that in km/h?",
    expect: num(104.60736, /km/i),
  },
  {
    category: U,
    q: 'my car has a 14 gallon tank. how many liters does it hold?',
    expect: num(52.995764976, /\bl\b|lit(?:er|re)/i),
  },
  {
    category: U,
    q: 'how many MB is 2.5 GB',
    expect: { oneOf: [num(2500), num(2560)] },
  },
  { category: U, q: 'how many hours is 10,000 minutes?', expect: num(166.66666666666666) },
  {
    category: U,
    q: 'the office is 1,200 square feet, what is that in square meters?',
    expect: num(111.483648),
  },
  {
    category: U,
    q: 'convert 3 liters to gallons',
    expect: num(0.7925161570744452, /gal/i),
  },
  { category: U, q: 'how many seconds are there in 3.5 days?', expect: num(302400) },

  // Statistics
  { category: U, q: 'average of 12, 15, 22, 9, 31 and 17', expect: num(17.666666666666668) },
  {
    category: U,
    q: "what's the median sale amount: $420, $385, $510, $290, $460, $375",
    expect: money(402.5),
  },
  { category: U, q: 'mode of 3, 7, 7, 2, 9, 7, 3, 5?', expect: num(7) },
  {
    category: U,
    q: 'standard deviation of 4, 8, 15, 16, 23, 42',
    expect: num(13.490737563232042),
  },
  {
    category: U,
    q: 'the temps this week were 68, 74, 59, 81, 77 and 63 °F. what was the range?',
    expect: num(22),
  },
  {
    category: U,
    q: 'our weekly sales were 1,240, 1,580, 1,310, 1,905 and 1,465 — what was the average week?',
    expect: num(1500),
  },
  { category: U, q: 'variance of 2, 4, 4, 4, 5, 5, 7, 9', expect: num(4.571428571428571) },
  {
    category: U,
    q: 'I bought 3 items at $12, 5 at $15 and 2 at $20. what is the average price per item?',
    expect: money(15.1),
  },

  // Algebra
  { category: U, q: 'solve 3x + 7 = 25', expect: { values: { x: 6 } } },
  { category: U, q: 'solve for x: 5(x - 2) = 3x + 8', expect: { values: { x: 9 } } },
  { category: U, q: 'x^2 - 5x - 14 = 0', expect: { roots: [7, -2] } },
  { category: U, q: 'solve 2x² + 3x − 2 = 0', expect: { roots: [0.5, -2] } },
  { category: U, q: '2x + y = 11 and x - y = 1', expect: { values: { x: 4, y: 3 } } },
  {
    category: U,
    q: 'solve the system 3a + 2b = 16, a + 4b = 12',
    expect: { values: { a: 4, b: 2 } },
  },
  {
    category: U,
    q: 'if I triple a number and subtract 8 I get 31. what is the number?',
    expect: num(13),
  },
  {
    category: U,
    q: 'we sold 150 tickets for $1,450 total, adults pay $12 and kids $7. how many adult tickets did we sell?',
    expect: num(80),
  },

  // Dates (the clock: Tuesday 24 November 2026)
  {
    category: U,
    q: 'how many days are there between March 14 2026 and Sept 2 2026?',
    expect: num(172),
  },
  { category: U, q: 'what date is 75 days after 2027-01-10', expect: date('2027-03-26') },
  { category: U, q: 'what day of the week was July 4, 1976?', expect: { weekday: 'sunday' } },
  { category: U, q: 'how many working days are there in December 2026?', expect: num(23) },
  { category: U, q: 'I was born on 1990-08-17, how old am I?', expect: num(36) },
  { category: U, q: "what's the date 3 weeks from today", expect: date('2026-12-15') },
  { category: U, q: 'how many days until christmas?', expect: num(31) },
  {
    category: U,
    q: 'what date is 30 business days after Monday, January 4, 2027?',
    expect: date('2027-02-15'),
  },
  {
    category: U,
    q: 'our deadline is 2027-03-31, what weekday is that?',
    expect: { weekday: 'wednesday' },
  },
  { category: U, q: 'how many weeks until June 1 2027?', expect: num(27) },

  // Time zones (DST as on the date asked)
  {
    category: U,
    q: "when it's 9am in New York on March 20 2027, what time is it in London?",
    expect: at('13:00'),
  },
  {
    category: U,
    q: '3pm in Tokyo on 2026-12-10 is what time in Los Angeles?',
    expect: at('22:00', '2026-12-09'),
  },
  { category: U, q: 'what time is it in Sydney right now?', expect: at('21:30') },
  {
    category: U,
    q: "we have a meeting at 2:30 PM Berlin time on July 15 2027 — what's that in Mumbai?",
    expect: at('18:00'),
  },
  {
    category: U,
    q: "if it's 11pm in Chicago on Nov 24 2026, what time is it in Singapore?",
    expect: at('13:00', '2026-11-25'),
  },
  { category: U, q: 'current time in Denver', expect: at('03:30') },
  {
    category: U,
    q: 'call is at 8:00 am San Francisco time on April 2 2027, what time is that for my colleague in Paris?',
    expect: at('17:00'),
  },
  {
    category: U,
    q: 'noon in London on Oct 30 2026, what time is it in New York?',
    expect: at('08:00'),
  },

  // Several questions in one message
  {
    category: U,
    q: "what's 18% of 2,450 and also how many km is 13.1 miles",
    expect: [num(441), num(21.0824064)],
  },
  {
    category: U,
    q: 'two things: what day of the week is 2027-02-14, and how many days from today until then?',
    expect: [{ weekday: 'sunday' }, num(82)],
  },
  {
    category: U,
    q: "convert 180 cm to inches, and what's 6.5% sales tax on $340?",
    expect: [num(70.86614173228347), money(22.1)],
  },
  {
    category: U,
    q: 'mean of 14, 18, 21, 25 and 32? also the median',
    expect: [num(22), num(21)],
  },
  {
    category: U,
    q: "What time is it in Tokyo when it's 5pm in London on Dec 1 2026? And how many hours is 2,700 minutes?",
    expect: [at('02:00', '2026-12-02'), num(45)],
  },
  {
    category: U,
    q: "what's the monthly payment on an $18,000 loan at 6% over 4 years, and how much interest do I pay in total?",
    expect: [money(422.7305228628491), money(2291.0650974167584)],
  },
  {
    category: U,
    q: '1) 40% off $79.99\n2) 12 * 365\n3) 2^16',
    expect: [money(47.994), num(4380), num(65536)],
  },
];
