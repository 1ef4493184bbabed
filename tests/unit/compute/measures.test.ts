import { describe, expect, it } from 'vitest';
import { readOne } from '../../../server/meeting/offline/compute';
import { calcTools } from '../../../server/meeting/tools';
import type { ToolContext } from '../../../server/meeting/types';

/**
 * Unit conversions, statistics and algebra as people type them: each
 * question is read, its tool run, and the headline's first number compared
 * with a value computed independently (python3: statistics, numpy, and the
 * defining unit factors).
 */

const NOW = new Date('2026-11-24T12:00:00Z');
const tools = calcTools();

async function answer(question: string): Promise<{ tool: string; answer: string }> {
  const reading = readOne(question, NOW);
  if (reading?.kind !== 'reading') throw new Error(`not read: ${question}`);
  const tool = tools.find((t) => t.name === reading.task.tool);
  if (!tool) throw new Error(`no tool ${reading.task.tool}`);
  const result = await tool.run(reading.task.args, { now: NOW } as unknown as ToolContext);
  const value = result.value as Record<string, unknown>;
  return { tool: reading.task.tool, answer: String(value.answer) };
}

/** The first number of a headline ("x = -12", "1,193.333", "22.22222 °C"). */
function firstNumber(text: string): number {
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0].replace(/,/g, ''));
}

function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 5e-6 + 1e-9);
}

describe('unit conversions as typed', () => {
  const cases: [string, number, string][] = [
    ['72°F in celsius', 22.22222222, '°C'],
    ['72 F to C', 22.22222222, '°C'],
    ['convert 72 degrees fahrenheit to celsius', 22.22222222, '°C'],
    ['What is -40 C in F?', -40, '°F'],
    ['300 kelvin in celsius', 26.85, '°C'],
    ['How hot is 30°C in Fahrenheit', 86, '°F'],
    ['100°C to °F', 212, '°F'],
    ['how many feet in a mile', 5280, 'ft'],
    ['5\'11" in cm', 180.34, 'cm'],
    ['5 ft 11 in in cm', 180.34, 'cm'],
    ['5 feet 11 inches to centimeters', 180.34, 'cm'],
    ['Convert 5 miles to km', 8.04672, 'km'],
    ['10 km in miles', 6.21371192, 'miles'],
    ['12 nautical miles in km', 22.224, 'km'],
    ['70 kg in pounds', 154.32358353, 'lb'],
    ['150 lbs to kg', 68.0388555, 'kg'],
    ['how many ounces in 2.5 pounds', 40, 'oz'],
    ['11 stone in kg', 69.85322498, 'kg'],
    ['2 tonnes in kg', 2000, 'kg'],
    ['60 mph in km/h', 96.56064, 'km/h'],
    ['what is 100 kph in mph?', 62.13711922, 'mph'],
    ['20 knots in mph', 23.01558896, 'mph'],
    ['1,500 sq ft in square meters', 139.35456, 'm²'],
    ['1500 ft² to m²', 139.35456, 'm²'],
    ['2 acres in hectares', 0.80937128, 'hectares'],
    ['2 litres in US gallons', 0.5283441, 'US gallons'],
    ['500 ml to cups', 2.11337642, 'US cups'],
    ['12 fl oz in ml', 354.88235475, 'mL'],
    ['3 cubic meters in liters', 3000, 'L'],
    ['1 GB = how many MB', 1000, 'MB'],
    ['1 GiB in MiB', 1024, 'MiB'],
    ['2 TB in GiB', 1862.64514923, 'GiB'],
    ['how many bits in a byte', 8, 'bits'],
    ['1.5 terabytes in gigabytes', 1500, 'GB'],
    ['3.5 hours in minutes', 210, 'min'],
    ['how many seconds in a day', 86400, 's'],
    ['how many minutes are in 2.5 hours', 150, 'min'],
  ];
  for (const [question, expected, unit] of cases) {
    it(question, async () => {
      const { tool, answer: headline } = await answer(question);
      expect(tool).toBe('calc_convert');
      close(firstNumber(headline), expected);
      expect(headline.endsWith(` ${unit}`)).toBe(true);
    });
  }

  it('gives at least 4 significant figures and names the unit', async () => {
    expect((await answer('72°F in celsius')).answer).toBe('22.22222 °C');
    expect((await answer('a mile in km')).answer).toBe('1.609344 km');
  });

  it('does not guess the scale of bare degrees, or turn pounds of mass into currency', () => {
    expect(readOne('convert 72 degrees to kelvin', NOW)?.kind).not.toBe('reading');
    const pounds = readOne('70 kg in pounds', NOW);
    expect(pounds?.kind === 'reading' && pounds.task.tool).toBe('calc_convert');
  });
});

describe('statistics led by the statistic asked', () => {
  const cases: [string, number][] = [
    ['median of 3, 9, 4, 12, 7', 7],
    ['What is the mean of 3, 9, 4, 12 and 7?', 7],
    ["what's the average of $1,200, $950, $1,430", 1193.333333],
    ['standard deviation of [2 4 4 4 5 5 7 9]', 2.1380899353],
    ['population standard deviation of 2, 4, 4, 4, 5, 5, 7, 9', 2],
    ['variance of 1,2,3,4,5', 2.5],
    ['range of 10, 3, 7, 22', 19],
    ['90th percentile of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10', 9.1],
    ['Q1 of 1, 2, 3, 4, 5, 6, 7, 8', 2.75],
    ['IQR of 1, 2, 3, 4, 5, 6, 7, 8', 3.5],
    ['sum of 1,200 and 3,400', 4600],
    ['max of 4, 19, 7', 19],
    ['what is the median of the following numbers: 5, 1, 9, 3', 4],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      const { tool, answer: headline } = await answer(question);
      expect(tool).toBe('calc_statistics');
      close(firstNumber(headline), expected);
    });
  }

  it('names every mode, and says when there is none', async () => {
    expect((await answer('mode of 1, 2, 2, 3, 3, 4')).answer).toBe('2 and 3');
    expect((await answer('mode of 1, 2, 3')).answer).toBe('no mode');
  });

  it('does not read an arithmetic expression or a word problem as a list', () => {
    const sum = readOne('sum of 15% of 200 and 30', NOW);
    expect(sum?.kind === 'reading' && sum.task.tool).not.toBe('calc_statistics');
    expect(readOne('average speed of a car that drives 60 miles in 2 hours', NOW)?.kind).toBe(
      'partial',
    );
  });
});

describe('algebra', () => {
  const cases: [string, string][] = [
    ['3x + 5 = 2x - 7', 'x = -12'],
    ['solve 2(x-3) = 4x + 8', 'x = -7'],
    ['Solve for x: x^2 - 5x + 6 = 0', 'x = 2 or x = 3'],
    ['find x if x/3 + 1/2 = 5/6', 'x = 1'],
    ['if 2x + 3 = 11, what is x?', 'x = 4'],
    ['what is x in 4x - 7 = 13', 'x = 5'],
    ['0.5x + 1.25 = 3', 'x = 3.5'],
    ['(x+1)/(x-1) = 3', 'x = 2'],
    ['x² - 6x + 9 = 0', 'x = 3'],
    ['roots of x^2 - 4', 'x = -2 or x = 2'],
    ['x + y = 10, x - y = 2', 'x = 6, y = 4'],
    ['solve x + y = 10 and x - y = 2', 'x = 6, y = 4'],
    ['2x + 3y - z = 5; x - y + 2z = 3; 3x + y + z = 10', 'x = 4.6, y = -2, z = -1.8'],
    ['x^3 - 6x^2 + 11x - 6 = 0', 'x = 1 or x = 2 or x = 3'],
    ['simplify 2x + 3x - 4 + 2(x+1)', '7x - 2'],
    ['expand (x+1)^2', 'x^2 + 2x + 1'],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      expect((await answer(question)).answer).toBe(expected);
    });
  }

  it('says when there is no real root, no solution or no unique one', async () => {
    expect((await answer('x^2 + 2x + 3 = 0')).answer).toBe(
      'No real solution: x = -1 + 1.414213562i or x = -1 - 1.414213562i',
    );
    expect((await answer('2x = 2x + 1')).answer).toBe('No solution');
    expect((await answer('x + y = 1, 2x + 2y = 2')).answer).toBe('No unique solution');
  });

  it('refuses anything but plain algebra before evaluating it', async () => {
    const solve = tools.find((t) => t.name === 'calc_solve')!;
    const ctx = { now: NOW } as unknown as ToolContext;
    for (const bad of ['sin(x) = 1', 'x = import({})', 'x^x = 4', 'x = "a"', 'x = 2 ^ 0.5']) {
      await expect(solve.run({ equations: [bad] }, ctx)).rejects.toThrow(/only numbers|characters/);
    }
    await expect(solve.run({ equations: ['f(x) = 2'] }, ctx)).rejects.toThrow(
      '1 equation in 2 unknowns (f, x)',
    );
  });
});

describe('more phrasings', () => {
  const cases: [string, string][] = [
    ['how many square feet in an acre', '43,560 ft²'],
    ['72°F → °C', '22.22222 °C'],
    ['100 Mbps in MB/s', '12.5 MB/s'],
    ["6'2 to cm", '187.96 cm'],
    ['how many pounds is 80 kg', '176.3698 lb'],
    ['how many cups in a gallon', '16 US cups'],
    ['0 K in °F', '-459.67 °F'],
    ['Solve: 5x - 3 = 2x + 9', 'x = 4'],
    ['What value of x satisfies 2x + 7 = 19?', 'x = 6'],
    ['2x^2 + 3x - 2 = 0', 'x = -2 or x = 0.5'],
    ['Solve the system: 2x + y = 7 and x - y = 2', 'x = 3, y = 1'],
    ['the median salary of $45,000, $52,000, $61,000', '52,000'],
    ['My test scores were 85, 92, 78 and 90. What is the average?', '86.25'],
    ['Find the mean, median and mode of 2, 3, 3, 5, 7', '4'],
  ];
  for (const [question, expected] of cases) {
    it(question, async () => {
      expect((await answer(question)).answer).toBe(expected);
    });
  }

  it('leaves a list it cannot pin down unread', () => {
    expect(readOne('average speed of 60 mph and 40 mph', NOW)?.kind).toBe('partial');
    expect(readOne('what is 5 plus the average of 3 and 4', NOW)?.kind).toBe('partial');
    expect(readOne('the mean of 10 numbers is 5, what is the sum', NOW)?.kind).toBe('partial');
    const fractions = readOne('average of 1/2 and 1/4', NOW);
    expect(fractions?.kind === 'reading' && fractions.task.tool).not.toBe('calc_statistics');
  });
});
