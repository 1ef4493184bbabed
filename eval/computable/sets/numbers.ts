import type { Question } from '../questions';
import { pct, money, num } from './expect';

/** Percentages, ratios and finance. */
export const NUMBERS: Question[] = [
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
    expect: pct(15.01633168956029),
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
];
