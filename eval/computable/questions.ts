import type { Expect } from './judge';

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

const pct = (n: number, abs = false): Expect => ({ number: n, unit: /%|percent/i, abs });
const money = (n: number): Expect => ({ number: n });
const num = (n: number, unit?: RegExp): Expect => (unit ? { number: n, unit } : { number: n });
const date = (iso: string): Expect => ({ date: iso });
const at = (time: string, day?: string): Expect => (day ? { time, date: day } : { time });

export const QUESTIONS: Question[] = [
  // Percentages
  { category: 'percentages', q: "What's 15% of $2,340?", expect: money(351) },
  { category: 'percentages', q: 'how much is 7.5 percent of 18,000', expect: num(1350) },
  { category: 'percentages', q: 'calculate 12% of 450', expect: num(54) },
  { category: 'percentages', q: 'What percent of 80 is 18?', expect: pct(22.5) },
  { category: 'percentages', q: '18 is what percentage of 240?', expect: pct(7.5) },
  { category: 'percentages', q: '45 is 30% of what number?', expect: num(150) },
  {
    category: 'percentages',
    q: "Sales went from $48,000 to $54,000 — what's the percentage increase?",
    expect: pct(12.5),
  },
  { category: 'percentages', q: 'percent change from 250 to 200', expect: pct(20, true) },
  {
    category: 'percentages',
    q: "Our revenue went from 1.2M to 1.5M. What's the growth in %?",
    expect: pct(25),
  },
  {
    category: 'percentages',
    q: "A jacket costs $80 and it's 25% off. What do I pay?",
    expect: money(60),
  },
  { category: 'percentages', q: 'price after 15% discount on 249.99', expect: money(212.4915) },
  {
    category: 'percentages',
    q: 'If I paid $68 after a 15% discount, what was the original price?',
    expect: money(80),
  },
  { category: 'percentages', q: 'add 20% VAT to £150', expect: money(180) },
  { category: 'percentages', q: "what's an 18% tip on a $64.50 bill", expect: money(11.61) },
  {
    category: 'percentages',
    q: "Cost is $40, selling price is $65. What's the margin?",
    expect: pct(38.46153846153847),
  },
  {
    category: 'percentages',
    q: "what's the markup if cost is $40 and price is $65",
    expect: pct(62.5),
  },
  {
    category: 'percentages',
    q: 'I want a 30% margin on a product that costs me $70, what should I charge?',
    expect: money(100),
  },
  { category: 'percentages', q: 'Apply a 40% markup to a cost of $25', expect: money(35) },
  {
    category: 'percentages',
    q: 'Team A has 45 people out of 180 total. What share is that?',
    expect: pct(25),
  },
  { category: 'percentages', q: 'What is 0.5% of 1,000,000?', expect: num(5000) },
  { category: 'percentages', q: 'increase 80 by 15%', expect: num(92) },
  { category: 'percentages', q: 'decrease 1,250 by 8 percent', expect: num(1150) },
  { category: 'percentages', q: "what's 3/8 as a percentage", expect: pct(37.5) },
  {
    category: 'percentages',
    q: "what's the conversion rate if 37 of 1,480 visitors signed up?",
    expect: pct(2.5),
  },
  {
    category: 'percentages',
    q: 'The price rose from €3.20 to €3.68, by how many percent?',
    expect: pct(15),
  },
  {
    category: 'percentages',
    q: "We had 320 customers last year and 272 this year, what's the % decline?",
    expect: pct(15, true),
  },
  {
    category: 'percentages',
    q: "What's the total with 8.25% sales tax on $1,299?",
    expect: money(1406.1675),
  },
  { category: 'percentages', q: 'what is 250% of 36', expect: num(90) },
  { category: 'percentages', q: 'What percentage is 45 out of 60?', expect: pct(75) },
  {
    category: 'percentages',
    q: 'A $1,200 laptop is discounted by 35%. How much do I save?',
    expect: money(420),
  },

  // Ratios
  { category: 'ratios', q: 'Split $1,200 in the ratio 3:2', expect: { all: [720, 480] } },
  {
    category: 'ratios',
    q: 'divide 900 between three people in the ratio 1:2:3',
    expect: { all: [150, 300, 450] },
  },
  { category: 'ratios', q: 'simplify the ratio 15:25', expect: { text: /\b3\s*:\s*5\b/ } },
  { category: 'ratios', q: 'simplify 48:36', expect: { text: /\b4\s*:\s*3\b/ } },
  { category: 'ratios', q: 'If 2:3 = x:12, what is x?', expect: num(8) },
  {
    category: 'ratios',
    q: 'A recipe uses flour and sugar 5:2. With 750 g of flour, how much sugar?',
    expect: num(300, /g/),
  },
  { category: 'ratios', q: "what's the ratio of 150 to 45", expect: { text: /\b10\s*:\s*3\b/ } },
  {
    category: 'ratios',
    q: 'share 10,000 among partners 2:3:5',
    expect: { all: [2000, 3000, 5000] },
  },

  // Finance
  {
    category: 'finance',
    q: '$10,000 at 5% interest compounded annually for 10 years, how much will I have?',
    expect: money(16288.94626777442),
  },
  {
    category: 'finance',
    q: 'How much will $5,000 grow to in 3 years at 4.5% compounded monthly?',
    expect: money(5721.2391610244495),
  },
  {
    category: 'finance',
    q: 'how much interest do I earn on 12,500 at 6% compounded quarterly for 5 years',
    expect: money(4335.687581875669),
  },
  {
    category: 'finance',
    q: "If I invest 2000 dollars at 7% a year, what's it worth after 20 years?",
    expect: money(7739.368924972367),
  },
  {
    category: 'finance',
    q: '€1,000 at 3% continuously compounded for 5 years',
    expect: money(1161.834242728283),
  },
  { category: 'finance', q: 'simple interest on $4,000 at 6% for 3 years', expect: money(720) },
  {
    category: 'finance',
    q: 'How long does it take money to double at 6% per year?',
    expect: num(11.895661045941875, /year/i),
  },
  {
    category: 'finance',
    q: 'doubling time at 9% interest',
    expect: num(8.043231726932046, /year/i),
  },
  {
    category: 'finance',
    q: 'monthly payment on a $300,000 mortgage at 6.5% for 30 years',
    expect: money(1896.2040704788958),
  },
  {
    category: 'finance',
    q: "What's the monthly payment for a 25k car loan at 7.9% APR over 5 years?",
    expect: money(505.7142425513694),
  },
  {
    category: 'finance',
    q: 'I borrow £15,000 over 48 months at 5.5% — what are the monthly repayments?',
    expect: money(348.84712840864444),
  },
  {
    category: 'finance',
    q: 'Total interest paid on a $200,000 loan at 4% for 15 years',
    expect: money(66287.6532193328),
  },
  {
    category: 'finance',
    q: "What's the CAGR if revenue grew from $2M to $3.5M over 4 years?",
    expect: pct(15.016331689560292),
  },
  { category: 'finance', q: 'cagr from 100 to 250 over 6 years', expect: pct(16.49930507507129) },
  {
    category: 'finance',
    q: 'Break-even: fixed costs $50,000, price $25 per unit, variable cost $15 per unit',
    expect: num(5000, /unit/i),
  },
  {
    category: 'finance',
    q: 'How many units do we need to sell to break even with 12,600 fixed costs, selling at 40 and costing 22 each?',
    expect: num(700, /unit/i),
  },
  {
    category: 'finance',
    q: '$500 a month into savings at 5% annual interest for 10 years — how much at the end?',
    expect: money(77641.1397228336),
  },
  {
    category: 'finance',
    q: "What's 1,000 at 8% compounded daily for 2 years",
    expect: money(1173.49029754938),
  },
  {
    category: 'finance',
    q: 'how much interest will I earn on $8,000 at 2.5% compounded annually over 4 years',
    expect: money(830.5031249999963),
  },
  {
    category: 'finance',
    q: 'a $450k house, 20% down, 30-year fixed at 7%: monthly payment?',
    expect: money(2395.088982645056),
  },
  {
    category: 'finance',
    q: 'Investment went from $10,000 to $18,000 in 5 years. Annual growth rate?',
    expect: pct(12.474611314209483),
  },
  {
    category: 'finance',
    q: 'Rule of 72: how many years to double at 8%?',
    expect: { number: 9, unit: /year/i, approx: 0.01 },
  },
  {
    category: 'finance',
    q: 'present value of $10,000 in 5 years at a 6% discount rate',
    expect: money(7472.58172866057),
  },
  {
    category: 'finance',
    q: "What's the payment on a $20,000 loan at 0% over 24 months?",
    expect: money(833.3333333333334),
  },
  {
    category: 'finance',
    q: 'How much do I need to invest today at 5% to have $50,000 in 8 years?',
    expect: money(33841.96810143435),
  },
  {
    category: 'finance',
    q: '$2,500 at 3.75% APR compounded monthly for 18 months',
    expect: money(2644.423343409842),
  },

  // Units
  { category: 'units', q: '72°F in Celsius', expect: num(22.222222222222, /°?\s*C|celsius/i) },
  {
    category: 'units',
    q: "What's 30 degrees celsius in fahrenheit?",
    expect: num(86, /F|fahrenheit/i),
  },
  { category: 'units', q: 'convert -40 F to C', expect: num(-40) },
  { category: 'units', q: '100 kelvin to celsius', expect: num(-173.15) },
  { category: 'units', q: '98.6 °F to °C', expect: num(37) },
  {
    category: 'units',
    q: 'how many pounds is 80 kg',
    expect: num(176.36980974790205, /lb|pound/i),
  },
  { category: 'units', q: '150 lbs in kg', expect: num(68.0388555, /kg|kilogram/i) },
  { category: 'units', q: 'convert 5 miles to km', expect: num(8.04672, /km|kilomet/i) },
  {
    category: 'units',
    q: 'a 10 km run is how many miles?',
    expect: num(6.2137119223733395, /mi/i),
  },
  {
    category: 'units',
    q: 'how many feet in 1.8 meters',
    expect: num(5.905511811023622, /f(ee)?t|foot/i),
  },
  { category: 'units', q: `5'11" in cm`, expect: num(180.34, /cm|centimet/i) },
  { category: 'units', q: '60 mph to km/h', expect: num(96.56064) },
  { category: 'units', q: '100 km/h in mph', expect: num(62.13711922373339) },
  { category: 'units', q: '20 knots in km/h', expect: num(37.04) },
  { category: 'units', q: 'convert 10 m/s to km/h', expect: num(36) },
  { category: 'units', q: '2,500 square feet in square meters', expect: num(232.2576) },
  { category: 'units', q: 'how many acres is 3 hectares', expect: num(7.41316144401496, /acre/i) },
  { category: 'units', q: '1 acre in sq ft', expect: num(43560) },
  { category: 'units', q: '50 m² to ft²', expect: num(538.195520835486) },
  { category: 'units', q: 'how many liters in 5 gallons', expect: num(18.92705892, /l/i) },
  { category: 'units', q: '2 cups in ml', expect: num(473.176473) },
  { category: 'units', q: '12 fl oz to ml', expect: num(354.88235475) },
  { category: 'units', q: '3 cubic meters in liters', expect: num(3000) },
  { category: 'units', q: 'how many MB in 2.5 GB', expect: num(2500, /MB|megabyte/i) },
  { category: 'units', q: 'convert 4 GiB to MiB', expect: num(4096) },
  { category: 'units', q: '1 TB in GB', expect: num(1000) },
  { category: 'units', q: '100 Mbps is how many MB per second', expect: num(12.5) },
  { category: 'units', q: '500 GB in TB', expect: num(0.5) },
  { category: 'units', q: 'convert 3.5 hours to minutes', expect: num(210) },
  { category: 'units', q: '90 minutes in hours', expect: num(1.5) },
  { category: 'units', q: '200 grams to ounces', expect: num(7.0547923899160825) },
  { category: 'units', q: 'how many stone is 90 kg', expect: num(14.172573997599272) },
  { category: 'units', q: '2 tonnes in pounds', expect: num(4409.245243697552) },
  { category: 'units', q: '1 nautical mile in km', expect: num(1.852) },
  {
    category: 'units',
    q: 'marathon is 26.2 miles, how many kilometers is that?',
    expect: num(42.1648128),
  },

  // Statistics
  { category: 'statistics', q: 'median of 3, 9, 4, 12, 7', expect: num(7) },
  { category: 'statistics', q: "What's the average of 12, 15, 22 and 31?", expect: num(20) },
  { category: 'statistics', q: 'mean of 4.5, 6.2, 7.8, 3.1', expect: num(5.4) },
  { category: 'statistics', q: 'mode of 2, 3, 3, 5, 7, 7, 7, 9', expect: num(7) },
  {
    category: 'statistics',
    q: 'standard deviation of 2, 4, 4, 4, 5, 5, 7, 9',
    expect: num(2.138089935299395),
  },
  {
    category: 'statistics',
    q: 'population standard deviation of 2, 4, 4, 4, 5, 5, 7, 9',
    expect: num(2),
  },
  { category: 'statistics', q: 'variance of 1, 2, 3, 4, 5', expect: num(2.5) },
  { category: 'statistics', q: 'population variance: 1, 2, 3, 4, 5', expect: num(2) },
  { category: 'statistics', q: 'range of 15, 3, 27, 8, 19', expect: num(24) },
  {
    category: 'statistics',
    q: "what's the 90th percentile of 10, 20, 30, 40, 50, 60, 70, 80, 90, 100",
    expect: num(91),
  },
  { category: 'statistics', q: 'median of $1,200, $950, $1,430, $1,100', expect: money(1150) },
  {
    category: 'statistics',
    q: 'average order value: 45.50, 38.20, 62.10, 51.75, 49.90',
    expect: money(49.49),
  },
  { category: 'statistics', q: 'sum of 1,250, 3,400 and 980', expect: num(5630) },
  { category: 'statistics', q: 'median: 8 3 5 1 9 2', expect: num(4) },
  { category: 'statistics', q: 'the average of 7, -3, 12, 0, -6', expect: num(2) },
  {
    category: 'statistics',
    q: 'std dev of [10, 12, 23, 23, 16, 23, 21, 16]',
    expect: num(5.237229365663818),
  },
  { category: 'statistics', q: 'max of 14, 87, 23, 56', expect: num(87) },
  { category: 'statistics', q: 'smallest of 14, 87, 23, 56', expect: num(14) },
  { category: 'statistics', q: 'average of 4, 8, 15, 16, 23, 42', expect: num(18) },
  { category: 'statistics', q: "what's the mode of 1, 1, 2, 2, 3", expect: { roots: [1, 2] } },
  {
    category: 'statistics',
    q: "Test scores were 78, 85, 92, 67 and 88. What's the median score?",
    expect: num(85),
  },
  {
    category: 'statistics',
    q: 'Daily visitors: 1,204, 1,350, 998, 1,502, 1,275. Average per day?',
    expect: num(1265.8),
  },
  {
    category: 'statistics',
    q: 'What is the range of these temperatures: 12, 18, 7, 22, 15',
    expect: num(15),
  },

  // Algebra
  { category: 'algebra', q: 'solve 3x + 5 = 2x - 7', expect: { values: { x: -12 } } },
  { category: 'algebra', q: '2(x - 3) = 4x + 8', expect: { values: { x: -7 } } },
  { category: 'algebra', q: 'solve for x: 5x - 4 = 21', expect: { values: { x: 5 } } },
  { category: 'algebra', q: 'x/4 + 3 = 7', expect: { values: { x: 16 } } },
  { category: 'algebra', q: 'solve x^2 - 5x + 6 = 0', expect: { roots: [2, 3] } },
  { category: 'algebra', q: 'x² + 2x - 15 = 0', expect: { roots: [3, -5] } },
  { category: 'algebra', q: 'find x if 2x^2 = 18', expect: { roots: [3, -3] } },
  { category: 'algebra', q: 'solve x^2 + 4 = 0', expect: { text: /no real|2\s*i\b/i } },
  { category: 'algebra', q: 'x + y = 10 and x - y = 2', expect: { values: { x: 6, y: 4 } } },
  {
    category: 'algebra',
    q: 'solve the system 2x + 3y = 12, x - y = 1',
    expect: { values: { x: 3, y: 2 } },
  },
  { category: 'algebra', q: '3a + 2b = 16; a - b = 2', expect: { values: { a: 4, b: 2 } } },
  {
    category: 'algebra',
    q: 'x + y + z = 6, 2x - y + z = 3, x + 2y - z = 2',
    expect: { values: { x: 1, y: 2, z: 3 } },
  },
  {
    category: 'algebra',
    q: 'simplify 2x + 3x - 4 + 7',
    expect: { text: /5\s*\*?\s*x\s*\+\s*3/ },
  },
  {
    category: 'algebra',
    q: 'simplify (x + 2)(x - 2)',
    expect: { text: /x\s*(?:\^\s*2|²)\s*-\s*4/ },
  },
  { category: 'algebra', q: 'What is x if 7 = 3x - 8?', expect: { values: { x: 5 } } },
  { category: 'algebra', q: 'solve 0.5x + 1.25 = 3', expect: { values: { x: 3.5 } } },
  { category: 'algebra', q: 'solve 4(2x + 1) = 3(x - 2) + 20', expect: { values: { x: 2 } } },
  {
    category: 'algebra',
    q: 'If 3 more than twice a number is 17, what is the number?',
    expect: num(7),
  },
  { category: 'algebra', q: 'roots of 2x^2 - 4x - 6', expect: { roots: [3, -1] } },

  // Dates (the clock: Tuesday 24 November 2026)
  { category: 'dates', q: 'What date is 90 days from today?', expect: date('2027-02-22') },
  {
    category: 'dates',
    q: 'what was the date 313 days before 2026-10-01',
    expect: date('2025-11-22'),
  },
  { category: 'dates', q: '45 days before March 3, 2027?', expect: date('2027-01-17') },
  {
    category: 'dates',
    q: "What's the date 100 days after 15 January 2026?",
    expect: date('2026-04-25'),
  },
  { category: 'dates', q: 'add 6 weeks to 2026-12-01', expect: date('2027-01-12') },
  { category: 'dates', q: '3 months after 31 January 2027', expect: date('2027-04-30') },
  { category: 'dates', q: '2 years before 29 Feb 2028', expect: date('2026-02-28') },
  {
    category: 'dates',
    q: 'How many days between 1 March 2026 and 25 December 2026?',
    expect: num(299, /day/i),
  },
  { category: 'dates', q: 'days from Jan 15 to Mar 1 2027', expect: num(45, /day/i) },
  { category: 'dates', q: 'how many weeks until 1 June 2027', expect: num(27, /week/i) },
  { category: 'dates', q: 'What day of the week was July 4, 1976?', expect: { weekday: 'Sunday' } },
  { category: 'dates', q: 'what weekday is 25 December 2026', expect: { weekday: 'Friday' } },
  {
    category: 'dates',
    q: 'Which day of the week will 1 January 2030 be?',
    expect: { weekday: 'Tuesday' },
  },
  { category: 'dates', q: 'What day was 9/11/2001?', expect: { weekday: 'Tuesday' } },
  {
    category: 'dates',
    q: 'how old is someone born on 14 March 1990?',
    expect: num(36, /year/i),
  },
  { category: 'dates', q: 'I was born 1985-12-01, how old am I?', expect: num(40, /year/i) },
  { category: 'dates', q: 'age of a person born May 5, 2000', expect: num(26, /year/i) },
  {
    category: 'dates',
    q: 'How many working days are there from Monday 2 November to Friday 13 November 2026, inclusive?',
    expect: num(10, /day/i),
  },
  {
    category: 'dates',
    q: "what's the date 10 business days after 2026-12-18",
    expect: date('2027-01-01'),
  },
  { category: 'dates', q: 'How long until Christmas?', expect: num(31, /day/i) },
  { category: 'dates', q: "how many days until new year's day", expect: num(38, /day/i) },
  {
    category: 'dates',
    q: 'what date is next Friday?',
    expect: { oneOf: [date('2026-11-27'), date('2026-12-04')] },
  },
  { category: 'dates', q: 'two weeks from tomorrow', expect: date('2026-12-09') },
  { category: 'dates', q: 'what was the date 30 days ago', expect: date('2026-10-25') },
  { category: 'dates', q: "What's 18 months from today?", expect: date('2028-05-24') },
  { category: 'dates', q: 'days between 2024-02-01 and 2024-03-01', expect: num(29, /day/i) },
  {
    category: 'dates',
    q: 'How many days old is someone born on 2000-01-01?',
    expect: num(9824, /day/i),
  },
  {
    category: 'dates',
    q: 'how many weeks between 5 Jan 2026 and 30 Mar 2026',
    expect: num(12, /week/i),
  },
  {
    category: 'dates',
    q: 'What day of the week is it 100 days from now?',
    expect: { weekday: 'Thursday' },
  },
  { category: 'dates', q: "In 3 weeks, what's the date?", expect: date('2026-12-15') },
  {
    category: 'dates',
    q: 'deadline is 21 business days from today, what date is that?',
    expect: date('2026-12-23'),
  },
  {
    category: 'dates',
    q: "What's the date 6 months before 31 August 2026?",
    expect: date('2026-02-28'),
  },
  {
    category: 'dates',
    q: 'what date is 1000 days after my birthday, 12 June 1995',
    expect: date('1998-03-08'),
  },

  // Time zones (24 November 2026: Europe and North America on winter time, Sydney on summer time)
  {
    category: 'time zones',
    q: "What time is it in Tokyo when it's 3pm in London?",
    expect: at('00:00', '2026-11-25'),
  },
  { category: 'time zones', q: '3pm London time in New York', expect: at('10:00') },
  {
    category: 'time zones',
    q: 'If it’s 9am in San Francisco, what time is it in Berlin?',
    expect: at('18:00'),
  },
  {
    category: 'time zones',
    q: "What time in Sydney when it's 5pm in New York?",
    expect: at('09:00', '2026-11-25'),
  },
  { category: 'time zones', q: '9:30am EST to CET', expect: at('15:30') },
  { category: 'time zones', q: 'convert 14:00 IST to PST', expect: at('00:30') },
  {
    category: 'time zones',
    q: 'what time is it in Tokyo when it is 3pm in London on July 4, 2026',
    expect: at('23:00'),
  },
  {
    category: 'time zones',
    q: 'meeting at 10am PT on March 15 2027, what time is that in Berlin?',
    expect: at('18:00'),
  },
  {
    category: 'time zones',
    q: "When it's noon in Chicago, what time is it in Mumbai?",
    expect: at('23:30'),
  },
  { category: 'time zones', q: '6pm Paris time in Singapore', expect: at('01:00', '2026-11-25') },
  {
    category: 'time zones',
    q: "What's the time in Dubai when it's 8:00 in Toronto?",
    expect: at('17:00'),
  },
  {
    category: 'time zones',
    q: '11pm in Los Angeles is what time in London?',
    expect: at('07:00', '2026-11-25'),
  },
  { category: 'time zones', q: 'What time is it in Tokyo right now?', expect: at('19:30') },
  { category: 'time zones', q: 'current time in New York', expect: at('05:30') },
  { category: 'time zones', q: 'what time is it in Kathmandu', expect: at('16:15') },
  { category: 'time zones', q: 'time in São Paulo now', expect: at('07:30') },
  {
    category: 'time zones',
    q: "what's the time difference between London and Tokyo?",
    expect: num(9, /hour/i),
  },
  {
    category: 'time zones',
    q: 'If I call from Madrid at 4 pm, what time is it for my colleague in Mexico City?',
    expect: at('09:00'),
  },
  {
    category: 'time zones',
    q: 'Auckland 9am is what time in Los Angeles',
    expect: at('12:00', '2026-11-23'),
  },
  {
    category: 'time zones',
    q: "What time will it be in Seoul when it's 7:45 pm in Berlin?",
    expect: at('03:45', '2026-11-25'),
  },
  {
    category: 'time zones',
    q: '2:30 PM in Hong Kong → what time in Johannesburg?',
    expect: at('08:30'),
  },
  {
    category: 'time zones',
    q: 'on 1 August 2026 at 9am New York time, what time is it in Sydney?',
    expect: at('23:00'),
  },
  { category: 'time zones', q: 'Convert 17:00 UTC to Indian time', expect: at('22:30') },
  { category: 'time zones', q: 'what time is 8am Pacific in Eastern', expect: at('11:00') },
  {
    category: 'time zones',
    q: "When it's midnight in Berlin, what time is it in Reykjavik?",
    expect: at('23:00'),
  },

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
