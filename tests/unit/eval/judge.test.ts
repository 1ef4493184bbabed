import { describe, expect, it } from 'vitest';
import {
  datesIn,
  judge,
  matches,
  numbersIn,
  sections,
  timeIn,
} from '../../../eval/computable/judge';

describe('the eval judge reads a headline as a person would', () => {
  it('reads numbers with currency, separators, signs and their shown precision', () => {
    expect(numbersIn('$2,731.52 after −$50 and 1.5e3')).toEqual([
      { value: 2731.52, decimals: 2 },
      { value: -50, decimals: 0 },
      { value: 1500, decimals: 0 },
    ]);
  });

  it('accepts a number rounded for display, not one rounded too far or another', () => {
    expect(matches('$16,288.95', { number: 16288.94626777442 })).toBe(true);
    expect(matches('$16,289', { number: 16288.94626777442 })).toBe(true);
    expect(matches('16,300', { number: 16288.94626777442 })).toBe(false);
    expect(matches('3', { number: 2.83 })).toBe(false);
    expect(matches('22.22 °C', { number: 22.222222222222, unit: /°?\s*C/ })).toBe(true);
    expect(matches('22.22 °F', { number: 22.222222222222, unit: /celsius|°C/i })).toBe(false);
  });

  it('takes the first number: the mean is not the median', () => {
    expect(matches('Mean 6, median 7', { number: 7 })).toBe(false);
    expect(matches('Median 7 (mean 6)', { number: 7 })).toBe(true);
  });

  it('reads a decrease either way when asked to, and roots and values by name', () => {
    expect(matches('-20%', { number: 20, unit: /%/, abs: true })).toBe(true);
    expect(matches('20% decrease', { number: 20, unit: /%/, abs: true })).toBe(true);
    expect(matches('−4% (a 4% decrease)', { number: -4, unit: /%/, abs: true })).toBe(true);
    expect(matches('x = 2 or x = 3', { roots: [3, 2] })).toBe(true);
    expect(matches('x = 2', { roots: [3, 2] })).toBe(false);
    expect(matches('x = 6, y = 4', { values: { x: 6, y: 4 } })).toBe(true);
    expect(matches('x = 4, y = 6', { values: { x: 6, y: 4 } })).toBe(false);
    expect(matches('x = -12', { values: { x: -12 } })).toBe(true);
  });

  it('reads dates, weekdays and times in the ways they are written', () => {
    expect(datesIn('Friday, 15 January 2027 (then 2027-02-01)')).toEqual([
      '2027-01-15',
      '2027-02-01',
    ]);
    expect(datesIn('Jan 15, 2027')).toEqual(['2027-01-15']);
    expect(timeIn('11:00 PM in Tokyo')).toBe('23:00');
    expect(timeIn('12 am')).toBe('00:00');
    expect(timeIn('18:45 in Berlin')).toBe('18:45');
    expect(
      matches('9:00 AM in Sydney (Wednesday, 25 November 2026)', {
        time: '09:00',
        date: '2026-11-25',
      }),
    ).toBe(true);
    expect(matches('9:00 AM in Sydney', { time: '09:00', date: '2026-11-25' })).toBe(false);
    expect(matches('Sunday, 4 July 1976', { weekday: 'Sunday' })).toBe(true);
  });

  it('judges every expert: one wrong headline makes the question wrong; no bold is unanswered', () => {
    const expected = [{ number: 310 }];
    expect(
      judge(
        [
          { name: 'A', text: '**310**' },
          { name: 'B', text: 'Nothing to add.' },
        ],
        expected,
      ),
    ).toEqual({ verdict: 'right' });
    expect(
      judge(
        [
          { name: 'A', text: '**310**' },
          { name: 'B', text: '**311**' },
        ],
        expected,
      ).verdict,
    ).toBe('wrong');
    expect(judge([{ name: 'A', text: 'I could not read that.' }], expected)).toEqual({
      verdict: 'unanswered',
    });
  });

  it('reads a several-part answer part by part, whoever answers which part', () => {
    const ada = '_1. 5 miles to km_\n\n**8.047 km**\n\n_2. 2+2_\n\n**4**';
    expect(sections(ada).get(2)).toContain('**4**');
    const expected = [{ number: 8.04672 }, { time: '18:00' }];
    const chrono = '_2. time in Tokyo_\n\n**6:00 PM in Tokyo**';
    expect(
      judge(
        [
          { name: 'Ada', text: '_1. miles_\n\n**8.047 km**' },
          { name: 'Chrono', text: chrono },
        ],
        expected,
      ).verdict,
    ).toBe('right');
    expect(judge([{ name: 'Ada', text: '_1. miles_\n\n**8.047 km**' }], expected).verdict).toBe(
      'unanswered',
    );
  });
});
