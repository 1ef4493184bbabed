import { describe, expect, it } from 'vitest';
import { readOne } from '../../../server/meeting/offline/compute';
import { scan } from '../../../server/meeting/offline/compute/amounts';
import { builtinTools } from '../../../server/meeting/tools';
import type { ToolContext } from '../../../server/meeting/types';
import { ToolError } from '../../../server/meeting/types';

/**
 * The numbers expert's percentages, ratios and finance: each question as a
 * person types it, read by the compute readers and run through the real
 * tool. Expected headlines were worked out independently (by hand and with
 * python3's floating point, rounded to the cent).
 */

const now = new Date('2026-11-24T12:00:00Z');
const tools = builtinTools();
const ctx = {
  now,
  worldId: 'w',
  workspaceId: 'ws',
  signal: new AbortController().signal,
} as ToolContext;

async function answer(question: string): Promise<{ tool: string; answer: string }> {
  const reading = readOne(question.replace(/[?!.\s]+$/, ''), now);
  if (reading?.kind !== 'reading') throw new Error(`not read: ${JSON.stringify(reading)}`);
  const tool = tools.find((t) => t.name === reading.task.tool)!;
  const value = (await tool.run(reading.task.args, ctx)).value as {
    answer?: string;
    result?: string;
  };
  return { tool: reading.task.tool, answer: String(value.answer ?? value.result) };
}

describe('amounts as people write them', () => {
  it.each([
    ['$1.2M', 1.2e6, '$'],
    ['€1,040', 1040, '€'],
    ['£68', 68, '£'],
    ['USD 500', 500, 'USD'],
    ['500 dollars', 500, '$'],
    ['$12.5k', 12500, '$'],
    ['1.5 million', 1.5e6, undefined],
    ['2,480', 2480, undefined],
  ])('%s is %d', (text, value, currency) => {
    const [q] = scan(`it was ${text} then`).quantities;
    expect(q).toMatchObject({ value, kind: 'amount', currency });
  });

  it.each(['4.5%', '4.5 percent', '4.5 per cent'])('%s is a percentage', (text) => {
    expect(scan(`at ${text}`).quantities[0]).toMatchObject({ value: 4.5, kind: 'percent' });
  });

  it('flags a decimal comma, and a finance question with one is not guessed', () => {
    expect(scan('at 4,5% a year').decimalComma).toBe(true);
    expect(scan('1,250, 3,400 and 980').decimalComma).toBe(false);
    const reading = readOne('€1.040,00 at 4,5% compounded monthly for 3 years', now);
    expect(reading).toMatchObject({
      kind: 'partial',
      missing: expect.stringMatching(/decimal comma/),
    });
  });

  it('reads a currency sign written after the amount', () => {
    expect(scan('500€ with 20% off').quantities[0]).toMatchObject({ value: 500, currency: '€' });
  });

  it('reads "5 m" as metres (no money), not five million', () => {
    expect(scan('5 m of rope').quantities[0]!.value).toBe(5);
  });
});

describe('percentages', () => {
  it.each([
    ["What's 15% of $240?", '$36.00'],
    ['What is 20 percent of €1,250?', '€250.00'],
    ['45 is what percent of 180?', '25%'],
    ['What percentage of 250 is 40?', '16%'],
    ['What percent is 30 of 120', '25%'],
    ['We sold 45 out of 300 units; what is our share as a percentage?', '15%'],
    ['$68 is 85% of what?', '$80.00'],
    ["Our revenue went from $1.2M to $1.5M, what's the growth?", '25% increase'],
    ['Sales dropped from 500 to 420. What is the percentage decrease?', '16% decrease'],
    ['percentage change from 80 to 100', '25% increase'],
    ['What is the percent change from 50 to 40', '−20% (a 20% decrease)'],
    ['Unemployment fell from 5% to 4%, how many percentage points?', '1 percentage point lower'],
    ['The rate went from 4% to 5%, what is the percent increase?', '25% increase'],
    ['A jacket is $80 and 25% off, what do I pay?', '$60.00'],
    ['How much do I save on a $80 jacket at 25% off?', '$20.00'],
    ['I paid $68 after 15% off. What was the original price?', '$80.00'],
    ['I paid $108 including 8% sales tax, what was the price before tax?', '$100.00'],
    ["What's an 18% tip on $64.50?", '$11.61'],
    ["What's the total with an 18% tip on a $64.50 bill?", '$76.11'],
    ["Price is €120 plus 20% VAT, what's the total?", '€144.00'],
    ['decrease £1,500 by 7.5 percent', '£1,387.50'],
    ['If something costs $40 and I sell it for $60, what is my margin?', '33.33% margin'],
    ['If something costs $40 and I sell it for $60, what is the markup?', '50% markup'],
    ['I buy at $40 and want a 25% margin, what price?', '$53.33'],
    ['Cost is $40, 25% markup, selling price?', '$50.00'],
    ['Revenue was $200,000 and profit $50,000, what is the profit margin?', '25% margin'],
    ["I make a $20 profit on an $80 sale, what's my margin?", '25% margin'],
    ["A $30 profit on a cost of $120, what's the markup?", '25% markup'],
    ["What's my profit margin if I sell for $150 and it costs $90?", '40% margin'],
    ['what is 3/4 as a percentage', '75%'],
    ['I got 42 out of 50 on a test, what percentage is that', '84%'],
    ['The distance went from 5 km to 8 km, what is the percentage increase?', '60% increase'],
    ["I make $60,000 and got a 5% raise, what's my new salary?", '$63,000.00'],
    ["What's 7% sales tax on $45?", '$3.15'],
    ["What's 25% of 1.2 million dollars?", '$300,000.00'],
    ["What's the click-through rate if 45 of 1,800 people clicked?", '2.5%'],
    ['We had 320 customers last year and 272 this year, what is the % decline?', '15% decrease'],
    ['add 20% VAT to £150', '£180.00'],
    ["Sell for $80 with a 40% margin — what's the cost?", '$48.00'],
    ['I want a 30% markup and sell at $65, what did it cost me?', '$50.00'],
    ['A 5% raise on $72,000', '$3,600.00'],
    ["Our headcount is 80, up from 64 last year. What's the growth?", '25% increase'],
    ['Express 0.35 as a percentage', '35%'],
    ['I left a $9 tip on a $60 meal, what percent is that?', '15%'],
    ['What percent of my $3,000 salary is $450 rent?', '15%'],
    ['15% of my $3,200 paycheck goes to savings, how much is that?', '$480.00'],
    ['After a 20% pay cut my salary is $40,000. What was it before?', '$50,000.00'],
    ['Last month 1,200 visitors, this month 1,500. Growth?', '25% increase'],
    ["The price was $80, and now it's $60, what's the discount percentage?", '25% decrease'],
    ['What percent discount is $60 from $80?', '25% decrease'],
    ['60 is what percent less than 80?', '25% decrease'],
    ['50 is what percent more than 40?', '25% increase'],
    ['A $120 jacket is on sale for $90. What percent off is that?', '25% decrease'],
    ['The discount is $15 on a $60 item. What percent off is that?', '25%'],
    ['Sales fell 10% to $450, what were they before?', '$500.00'],
    ['What was the original price if I paid $68 after 15% off?', '$80.00'],
    ['Price without discount is $80, 25% off — what do I pay?', '$60.00'],
    ["What's the pre-tax price if I paid $53.50 with 7% tax?", '$50.00'],
    ["£120 including 20% VAT, what's it without VAT?", '£100.00'],
    ["Revenue went from 1.2M to 1.5M. What's the growth in %?", '25% increase'],
  ])('%s → %s', async (question, expected) => {
    const { tool, answer: said } = await answer(question);
    expect(tool).toBe('calc_percentage');
    expect(said).toBe(expected);
  });

  it('leaves a plain expression without money to calc_evaluate', async () => {
    expect(await answer('what is 12.5% of 2,480')).toEqual({
      tool: 'calc_evaluate',
      answer: '310',
    });
  });

  it('leaves times of day to the calendar expert', () => {
    const reading = readOne('what is the change from 3 pm to 5 pm in Tokyo', now);
    expect(reading?.kind === 'reading' && reading.task.tool).not.toBe('calc_percentage');
  });

  it('does not guess whether "the discount" is an amount or a percentage', () => {
    expect(readOne("A $120 jacket is on sale for $90. What's the discount", now)?.kind).toBe(
      'partial',
    );
  });

  it('does not guess which "percentage difference" is meant', () => {
    expect(readOne("What's the percentage difference between 40 and 50", now)?.kind).toBe(
      'partial',
    );
  });

  it('does not guess whether a change between two percentages is in points or percent', () => {
    const reading = readOne('Interest went from 4% to 5%, how big was the change', now);
    expect(reading?.kind).toBe('partial');
  });
});

describe('ratios', () => {
  it.each([
    ['Split $500 in the ratio 3:2', '$300.00 and $200.00'],
    ['Divide 1,200 among three people in the ratio 1:2:3', '200, 400 and 600'],
    ['share £90 between Ann and Bob in the ratio of 4 to 5', '£40.00 and £50.00'],
    ['simplify 12:18', '2:3'],
    ['what is 1.5:4.5 in simplest form', '1:3'],
    ['2:3 = x:12', 'x = 8'],
    ['solve x:15 = 4:6', 'x = 10'],
    ['2 is to 3 as 10 is to y', 'y = 15'],
    ["what's the ratio of 150 to 100", '3:2 (1.5 to 1)'],
    ['Mix paint and water 3:1; I have 12 litres of paint, how much water?', '4 litres of water'],
    ['The ratio of boys to girls is 3:5 and there are 40 students. How many girls?', '25 girls'],
    ['If 3 pens cost $4.50, how much do 7 cost?', '$10.50'],
    ['If 5 kg of apples costs €12, what do 8 kg cost?', '€19.20'],
  ])('%s → %s', async (question, expected) => {
    const { tool, answer: said } = await answer(question);
    expect(tool).toBe('calc_ratio');
    expect(said).toBe(expected);
  });

  it('does not read a time of day as a ratio', () => {
    expect(readOne('split the meeting at 3:30 pm', now)?.kind).not.toBe('reading');
  });
});

describe('finance', () => {
  it.each([
    ['$12,500 at 4.5% compounded monthly for 3 years', '$14,303.10'],
    ['How much will $10,000 grow to in 5 years at 6% compounded quarterly?', '$13,468.55'],
    ['How much interest will I earn on $5,000 at 3% compounded annually over 4 years?', '$627.54'],
    ['$1,000 at 5% compounded continuously for 10 years', '$1,648.72'],
    ['EUR 5,000 at 3.2 percent compounded daily for 2 years', '€5,330.45'],
    ['€8,000 invested at 4% compounded semi-annually for 6 years', '€10,145.93'],
    ['Simple interest on $2,000 at 5% for 3 years', '$300.00'],
    ['How long does it take money to double at 7% interest?', '10.24 years'],
    ['doubling time at 6% compounded monthly', '11.58 years'],
    ['Using the rule of 72, how long to double at 8%?', '9 years by the rule of 72'],
    ['Future value of $5,000 at 6% for 10 years', '$8,954.24'],
    ['What will $1,000 become in 5 years at 8%?', '$1,469.33'],
    [
      'How much do I need to save each month to reach $50,000 in 10 years at 5%?',
      '$321.99 a month',
    ],
    ['Monthly payment on a $300,000 mortgage at 6.5% for 30 years', '$1,896.20 a month'],
    [
      "What's the monthly payment on a $25k car loan at 4.9% APR over 60 months?",
      '$470.64 a month',
    ],
    ['€18,000 loan at 3.75% over 4 years, monthly payment?', '€404.41 a month'],
    ['total interest paid on a $200,000 loan at 5% over 15 years', '$84,685.71 in interest'],
    ['If I save $200 a month at 6% for 10 years how much will I have?', '$32,775.87'],
    ['Putting €150 per month away at 4% for 5 years, what do I end up with?', '€9,944.85'],
    ['Invest £2,500 at 6% a year for 8 years, what will it be worth?', '£3,984.62'],
    ['A population of 50,000 grows 3% per year. What will it be in 10 years?', '67,196'],
    ["Tuition rises 5% a year; it's $20,000 now. What will it be in 4 years?", '$24,310.13'],
    ['I have $5,000 and earn 2% monthly interest for 12 months', '$6,341.21'],
    ['What is 4% interest on $2,500 for one year?', '$100.00'],
    ['Compound interest on $2,000 at 10% for 2 years', '$420.00'],
    ["A car worth $30,000 depreciates 15% a year. What's it worth after 3 years?", '$18,423.75'],
    ['Inflation of 3% a year for 10 years: what does $100 cost then?', '$134.39'],
    ['I invest $1,000 every year for 10 years at 7%', '$13,816.45'],
    ['Monthly payment on $15,000 at 0% for 24 months', '$625.00 a month'],
    [
      '$400,000 house with 20% down, 30-year mortgage at 6.75%, monthly payment?',
      '$2,075.51 a month',
    ],
    [
      "Sales grew from $2M in 2020 to $3.5M in 2025. What's the annual growth rate?",
      '11.84% a year',
    ],
    ['how much do I need to invest now at 5% to have $10,000 in 10 years', '$6,139.13'],
    ["What's the CAGR from $1.2M to $2M over 4 years?", '13.62% a year'],
    [
      'Break-even: fixed costs $50,000, price $25 per unit, variable cost $15 per unit',
      '5,000 units',
    ],
    [
      'We have fixed costs of $12,000 a month, sell each mug for $18 and it costs $6 to make. How many mugs to break even?',
      '1,000 units',
    ],
    [
      'break even with fixed costs of $4,000, selling at $25 with a variable cost of $22',
      '1,334 units',
    ],
  ])('%s → %s', async (question, expected) => {
    const { tool, answer: said } = await answer(question);
    expect(tool).toBe('calc_finance');
    expect(said).toBe(expected);
  });

  it.each([
    ['interest on $1000 at 5% for 2 years', /simple or compounded/],
    ['monthly payment on a $300,000 mortgage for 30 years', /interest rate/],
    ['what is the CAGR from $1M to $2M', /how many years/],
  ])('says what is missing from "%s" instead of guessing', (question, missing) => {
    const reading = readOne(question, now);
    expect(reading?.kind).toBe('partial');
    expect((reading as { missing: string }).missing).toMatch(missing);
  });
});

describe('the tools refuse bad input clearly', () => {
  const run = (name: string, args: Record<string, unknown>) =>
    tools.find((t) => t.name === name)!.run(args, ctx);

  it.each([
    ['calc_percentage', { operation: 'what_percent', part: 5, whole: 0 }, /must not be zero/],
    ['calc_percentage', { operation: 'percent_of', percent: 'lots', value: 3 }, /not a number/],
    ['calc_ratio', { operation: 'split', total: 10, ratio: [1] }, /list of 2 to 20/],
    ['calc_ratio', { operation: 'solve', left: [2, 3], right: [4, 6] }, /Exactly one term/],
    ['calc_finance', { operation: 'compound', principal: 100, rate: 5 }, /years/],
    [
      'calc_finance',
      { operation: 'break_even', fixed_costs: 100, price: 5, variable_cost: 6 },
      /never breaks even/,
    ],
    ['calc_finance', { operation: 'nonsense' }, /must be one of/],
    [
      'calc_finance',
      { operation: 'compound', principal: 100, rate: 5, years: 1e9 },
      /at most 1000 years/,
    ],
  ])('%s %j', async (name, args, reason) => {
    const failure = run(name, args);
    await expect(failure).rejects.toBeInstanceOf(ToolError);
    await expect(failure).rejects.toThrow(reason);
  });
});

describe('nothing stalls the event loop', () => {
  it('says an astronomically large result in powers of ten, at once', async () => {
    const compound = tools.find((t) => t.name === 'calc_finance')!;
    const started = Date.now();
    const result = await compound.run(
      { operation: 'compound', principal: 1e300, rate: 100000, years: 1000, compounding: 'daily' },
      ctx,
    );
    // Written out in full this took over a minute (a million-digit string).
    expect(Date.now() - started).toBeLessThan(5000);
    expect((result.value as { answer: string }).answer).toMatch(/^\d\.\d{5} × 10\^\d+$/);
  });

  it('does not read a message longer than any question of its kind', () => {
    const long = `${'Our revenue went from $1.2M to $1.5M, '.repeat(40)}what's the growth?`;
    const reading = readOne(long, now);
    expect(reading?.kind === 'reading' && reading.task.tool).not.toBe('calc_percentage');
  });
});
