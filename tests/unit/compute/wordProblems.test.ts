import { describe, expect, it } from 'vitest';
import { readOne, readParts } from '../../../server/meeting/offline/compute';
import { phrase } from '../../../server/meeting/offline/compute/wordAlgebra';
import { builtinTools } from '../../../server/meeting/tools';
import type { ToolContext } from '../../../server/meeting/types';

/**
 * Questions in sentences rather than formulas: number puzzles ("3 more than
 * twice a number is 17"), a quantity inside a story ("a 10 km run is how many
 * miles"), and messages that ask several things at once, cut where each side
 * is a question of its own. Each is read, its tool run for real, and the
 * headline compared with the value worked by hand.
 */

const NOW = new Date('2026-11-24T12:00:00Z');
const tools = builtinTools({});

async function headline(question: string): Promise<string> {
  const reading = readOne(question, NOW);
  if (reading?.kind !== 'reading') throw new Error(`not read: ${question}`);
  const tool = tools.find((t) => t.name === reading.task.tool)!;
  const result = await tool.run(reading.task.args, { now: NOW } as unknown as ToolContext);
  const value = result.value as Record<string, unknown>;
  return String(value.answer ?? value.result);
}

const firstNumber = (text: string) =>
  Number(/-?\d[\d,]*(?:\.\d+)?/.exec(text)![0].replace(/,/g, ''));

describe('number puzzles', () => {
  const cases: [string, number][] = [
    ['If 3 more than twice a number is 17, what is the number?', 7],
    ['the sum of a number and 8 is 20', 12],
    ['5 less than three times a number equals 16. What is the number?', 7],
    ['I think of a number, multiply it by 3 and add 4, I get 19', 5],
    ['half of a number minus 4 is 6', 20],
    ['what is the number if a number divided by 4 is 3', 12],
    ['A number increased by 7 equals 19. Find the number', 12],
    ['the product of 6 and a number is 42', 7],
    ['if I triple a number and subtract 8 I get 31. what is the number?', 13],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      expect(firstNumber(await headline(question))).toBeCloseTo(expected, 9);
    });
  }

  it('reads "N less than X" as X − N, not N − X', () => {
    expect(phrase('5 less than three times a number')).toBe('((3 * x) - 5)');
  });

  it('leaves a sentence alone when any phrase of it is not read', () => {
    expect(readOne('a number of people is 12', NOW)?.kind).not.toBe('reading');
    expect(phrase('the number of apples')).toBeNull();
  });

  it('answers honestly, without computing, a puzzle it cannot read', () => {
    const reading = readOne('the number squared minus its cube root is 20, what is it', NOW);
    expect(reading?.kind).toBe('partial');
  });
});

describe('a quantity inside a sentence', () => {
  const cases: [string, number, string][] = [
    ['a 10 km run is how many miles?', 6.21371192, 'miles'],
    ['marathon is 26.2 miles, how many kilometers is that?', 42.1648128, 'km'],
    ['100 Mbps is how many MB per second', 12.5, 'MB/s'],
  ];
  for (const [question, expected, unit] of cases) {
    it(question, async () => {
      const text = await headline(question);
      expect(firstNumber(text)).toBeCloseTo(expected, 4);
      expect(text).toContain(unit);
    });
  }

  it('does not convert when the units asked cannot be reached (a speed from a distance)', () => {
    const reading = readOne('I ran 10 km in 50 minutes, how many mph is that?', NOW);
    expect(reading).toMatchObject({ kind: 'partial', understood: 'a speed or rate' });
  });
});

describe('a value said before the question', () => {
  const cases: [string, string][] = [
    ['our deadline is 2027-03-31, what weekday is that?', 'Wednesday'],
    ['forecast says -10 °C tomorrow, how much is that in fahrenheit?', '14 °F'],
    ["I'm 5 ft 10 in tall, how much is that in cm?", '177.8 cm'],
    ['my car has a 14 gallon tank. how many liters does it hold?', '52.99576 L'],
    ['how many working days are there in December 2026?', '23 business days'],
    ['we have 45 engineers and 18 designers, what is the ratio of engineers to designers?', '5:2'],
    ['the temps this week were 68, 74, 59, 81, 77 and 63 °F. what was the range?', '22'],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      expect(await headline(question)).toContain(expected);
    });
  }

  it('takes the whole value, never a part of it, and never hands an unknown back', () => {
    const tall = readOne("I'm 5 ft 10 in tall, how much is that in cm?", NOW);
    expect(tall).toMatchObject({ kind: 'reading', task: { args: { value: 70, from: 'in' } } });
    expect(readOne('the number squared minus its cube root is 20, what is it', NOW)?.kind).toBe(
      'partial',
    );
  });
});

describe('changes one after another and proportions', () => {
  const cases: [string, string][] = [
    ['a stock falls 20% and then rises 20%. what is the overall percent change?', '−4%'],
    ["a 10% raise followed by a 5% cut, what's my overall change?", '4.5% increase'],
    ['$250 goes up 10% then down 10%, what is it worth now?', '$247.50'],
    [
      'recipe uses 3 cups of flour to 2 cups of sugar. if I use 7.5 cups of flour how much sugar do I need?',
      '5 cups of sugar',
    ],
    [
      'if 4 machines make 360 parts an hour, how many parts an hour would 7 machines make?',
      '630 parts',
    ],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      expect(await headline(question)).toContain(expected);
    });
  }

  it('works a weighted average and a map scale', async () => {
    expect(
      firstNumber(
        await headline(
          'I bought 3 items at $12, 5 at $15 and 2 at $20. what is the average price per item?',
        ),
      ),
    ).toBeCloseTo(15.1, 9);
    expect(await headline('on a 1:50,000 map, 3.5 cm is how far in km?')).toContain('1.75 km');
    expect(
      await headline('the map scale is 1:25,000. 6 cm on the map is how many km in real life?'),
    ).toContain('1.5 km');
  });

  it('leaves time asked for alone (more hands, less time is not direct proportion)', () => {
    const reading = readOne(
      '3 painters paint a house in 6 days; how many days would 9 painters take?',
      NOW,
    );
    expect(reading?.kind).not.toBe('reading');
  });
});

describe('several questions in one message', () => {
  const tasks = (message: string) =>
    readParts(message, NOW)!.map((p) =>
      p.reading.kind === 'reading' ? [p.reading.task.tool, p.text] : ['partial', p.text],
    );

  it('cuts at ", and" rather than inside a list ("3, 5 and 10")', () => {
    expect(
      tasks('Two things: the average of 3, 5 and 10, and the date 45 days after 2026-12-01'),
    ).toEqual([
      ['calc_statistics', 'the average of 3, 5 and 10'],
      ['datetime_shift', 'the date 45 days after 2026-12-01'],
    ]);
  });

  it('keeps two statistics over two lists apart', () => {
    expect(tasks('median of 4, 8, 6, 2 and the mean of 10, 20, 30')).toEqual([
      ['calc_statistics', 'median of 4, 8, 6, 2'],
      ['calc_statistics', 'the mean of 10, 20, 30'],
    ]);
  });

  it('reads numbered and bulleted lists line by line', () => {
    expect(tasks('1) 12 * 17\n2) 2^10\n3) 144 / 12').map(([tool]) => tool)).toEqual([
      'calc_evaluate',
      'calc_evaluate',
      'calc_evaluate',
    ]);
    expect(tasks('- 3 feet in cm\n- 10 lbs in kg')).toEqual([
      ['calc_convert', '3 feet in cm'],
      ['calc_convert', '10 lbs in kg'],
    ]);
  });

  it('reads a question that builds on the one before it with it', () => {
    expect(
      readParts(
        'two things: what day of the week is 2027-02-14, and how many days from today until then?',
        NOW,
      )!.map((p) => (p.reading.kind === 'reading' ? p.reading.task : null)),
    ).toEqual([
      { tool: 'datetime_weekday', args: { date: '2027-02-14' } },
      { tool: 'datetime_difference', args: { from: 'today', to: '2027-02-14' } },
    ]);
    expect(
      readParts('mean of 14, 18, 21, 25 and 32? also the median', NOW)!.map((p) =>
        p.reading.kind === 'reading' ? p.reading.task.args.statistic : null,
      ),
    ).toEqual(['mean', 'median']);
  });

  it('keeps a system of equations whole', () => {
    expect(tasks('3a + 2b = 16; a - b = 2')).toEqual([['calc_solve', '3a + 2b = 16; a - b = 2']]);
  });

  it('leaves out chatter between the questions, and a lone question stays one', () => {
    expect(tasks('Thanks! What is 5 km in miles?')).toHaveLength(1);
    expect(tasks("What's 15% of 200? And what's 72°F in Celsius?").map(([t]) => t)).toEqual([
      'calc_evaluate',
      'calc_convert',
    ]);
  });
});
