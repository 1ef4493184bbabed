import { describe, expect, it } from 'vitest';
import { readOne, readParts } from '../../../server/meeting/offline/compute';
import { builtinTools, findTimeZone } from '../../../server/meeting/tools';
import type { ToolContext } from '../../../server/meeting/types';
import { ToolError } from '../../../server/meeting/types';

/**
 * The calendar expert's date arithmetic and time zones: each question as a
 * person types it, read by the compute readers and run through the real
 * tool against a pinned clock (Tuesday 24 November 2026, 12:00 UTC).
 * Expected headlines were worked out independently with python3
 * (datetime, zoneinfo, numpy.busday_count / busday_offset).
 */

const now = new Date('2026-11-24T12:00:00Z');
const tools = builtinTools();
const ctx = {
  now,
  worldId: 'w',
  workspaceId: 'ws',
  signal: new AbortController().signal,
} as ToolContext;

async function run(tool: string, args: Record<string, unknown>) {
  const found = tools.find((t) => t.name === tool)!;
  return (await found.run(args, ctx)).value as { answer: string; working?: string };
}

async function answer(question: string): Promise<{ tool: string; answer: string }> {
  const reading = readOne(question.replace(/[?!.\s]+$/, ''), now);
  if (reading?.kind !== 'reading') throw new Error(`not read: ${JSON.stringify(reading)}`);
  const value = await run(reading.task.tool, reading.task.args);
  return { tool: reading.task.tool, answer: value.answer };
}

describe('time in one zone when it is a given time in another', () => {
  it.each([
    [
      "What time is it in Tokyo when it's 3pm in London?",
      '12:00 AM in Tokyo (Wednesday, 25 November 2026)',
    ],
    [
      "what time is it in Tokyo when it's 3pm in London on July 4, 2026",
      '11:00 PM in Tokyo (Saturday, 4 July 2026)',
    ],
    [
      "When it's 3pm in London on 4 July 2026, what time is it in Tokyo?",
      '11:00 PM in Tokyo (Saturday, 4 July 2026)',
    ],
    ['3pm London time in Tokyo', '12:00 AM in Tokyo (Wednesday, 25 November 2026)'],
    ['9:30am EST to CET', '3:30 PM in CET (Tuesday, 24 November 2026)'],
    ['convert 9:30 am EST to CET', '3:30 PM in CET (Tuesday, 24 November 2026)'],
    [
      "if it's 17:00 in New York what time is it in Sydney",
      '9:00 AM in Sydney (Wednesday, 25 November 2026)',
    ],
    [
      'meeting at 10am PT on March 15, 2027, what time in Berlin?',
      '6:00 PM in Berlin (Monday, 15 March 2027)',
    ],
    ['What is 8am Tokyo time in New York?', '6:00 PM in New York (Monday, 23 November 2026)'],
    ['convert 15:00 UTC to IST', '8:30 PM in IST (Tuesday, 24 November 2026)'],
    ['What time is 7 pm CET in India?', '11:30 PM in India (Tuesday, 24 November 2026)'],
    [
      'When it is 9am in San Francisco, what time is it in Mumbai?',
      '10:30 PM in Mumbai (Tuesday, 24 November 2026)',
    ],
    [
      'what is 2pm Sydney time in London on 1 July 2026',
      '5:00 AM in London (Wednesday, 1 July 2026)',
    ],
    [
      'If I have a call at 2pm in Chicago, what time is that for someone in London?',
      '8:00 PM in London (Tuesday, 24 November 2026)',
    ],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_convert', answer: expected });
  });

  it.each([
    [
      'Auckland 9am is what time in Los Angeles',
      '12:00 PM in Los Angeles (Tuesday, 24 November 2026)',
    ],
    ['what time is 8am Pacific in Eastern', '11:00 AM in Eastern time (Tuesday, 24 November 2026)'],
    ['Convert 17:00 UTC to Indian time', '10:30 PM in Indian time (Tuesday, 24 November 2026)'],
    ['3pm London → Tokyo', '12:00 AM in Tokyo (Wednesday, 25 November 2026)'],
    ['2pm EST = what in Sydney', '6:00 AM in Sydney (Wednesday, 25 November 2026)'],
  ])('a place written against the time, or a nationality: %s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_convert', answer: expected });
  });

  it('moves the clock of the zone asked about', async () => {
    expect(await answer('what time is it in Tokyo in 3 hours')).toEqual({
      tool: 'datetime_shift',
      answer: '12:00 AM in Tokyo (Wednesday, 25 November 2026)',
    });
    expect(await answer('what time is 1500 hours London in Tokyo')).toEqual({
      tool: 'datetime_convert',
      answer: '12:00 AM in Tokyo (Wednesday, 25 November 2026)',
    });
  });

  it('uses the daylight saving of the date given (US and UK change weeks apart)', async () => {
    // 20 March 2026: New York is already on summer time, London not yet (4 hours apart).
    expect(
      (await answer("what time is it in New York when it's 9am in London on March 20, 2026"))
        .answer,
    ).toBe('5:00 AM in New York (Friday, 20 March 2026)');
    // 2 April 2026: both on summer time (5 hours apart).
    expect(
      (await answer("what time is it in New York when it's 9am in London on April 2, 2026")).answer,
    ).toBe('4:00 AM in New York (Thursday, 2 April 2026)');
  });

  it('says when the time asked for is skipped by the spring-forward change', async () => {
    const v = await run('datetime_convert', {
      datetime: '8 March 2026 2:30am',
      from: 'New York',
      to: 'London',
    });
    expect(v.answer).toBe('7:30 AM in London (Sunday, 8 March 2026)');
    expect(v.working).toContain('2:30 AM does not exist on 8 March 2026 in America/New_York');
  });

  it('never answers a conversion with the current clock', async () => {
    const reading = readOne("What time is it in Tokyo when it's 3pm in London", now);
    expect(reading).toMatchObject({
      kind: 'reading',
      task: { tool: 'datetime_convert', args: { datetime: '3pm', from: 'London', to: 'Tokyo' } },
    });
  });

  it('says what it could not tell rather than guessing the zone', () => {
    expect(readOne('what time is 4pm in my time in Tokyo', now)).toMatchObject({
      kind: 'partial',
      domain: 'time',
    });
  });
});

describe('the current time and zone gaps', () => {
  it.each([
    ['What time is it in Tokyo?', '9:00 PM in Tokyo (Tuesday, 24 November 2026)'],
    ['current time in Sydney', '11:00 PM in Sydney (Tuesday, 24 November 2026)'],
    ["what's the time in new york right now", '7:00 AM in New York (Tuesday, 24 November 2026)'],
    ['What time is it in Japan right now?', '9:00 PM in Japan (Tuesday, 24 November 2026)'],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_now', answer: expected });
  });

  it.each([
    ['time difference between Tokyo and London', '9 hours: Tokyo is 9 hours ahead of London'],
    [
      "what's the time difference between New York and LA",
      '3 hours: New York is 3 hours ahead of LA',
    ],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_zone_difference', answer: expected });
  });
});

describe('zone names', () => {
  it.each([
    ['Tokyo', 'Asia/Tokyo'],
    ['EST', 'America/New_York'],
    ['PT', 'America/Los_Angeles'],
    ['CET', 'Europe/Paris'],
    ['IST', 'Asia/Kolkata'],
    ['London time', 'Europe/London'],
    ['São Paulo', 'America/Sao_Paulo'],
    ['Sao Paulo', 'America/Sao_Paulo'],
    ['India', 'Asia/Kolkata'],
    ['Australia', 'Australia/Sydney'],
    ['California', 'America/Los_Angeles'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['UTC+5:30', 'UTC+5:30'],
    ['Kiev', 'Europe/Kyiv'],
  ])('%s → %s', (name, zone) => {
    expect(findTimeZone(name)).toBe(zone);
  });

  it('knows no zone for a made-up place', () => {
    expect(findTimeZone('Atlantis')).toBeNull();
  });
});

describe('dates moved by days, weeks, months and years', () => {
  it.each([
    ['what date is 90 days from today', 'Monday, 22 February 2027'],
    ['What date was 45 days before March 3, 2027?', 'Sunday, 17 January 2027'],
    ["What's the date 45 days before 2027-03-03?", 'Sunday, 17 January 2027'],
    ['2 weeks after next Friday', 'Friday, 11 December 2026'],
    ['what is the date 100 days after January 15, 2027', 'Sunday, 25 April 2027'],
    ['add 30 days to 15 March 2027', 'Wednesday, 14 April 2027'],
    ['subtract 2 weeks from June 1, 2027', 'Tuesday, 18 May 2027'],
    ["what's 3 months after 31 January 2027", 'Friday, 30 April 2027'],
    ['1 month after January 31, 2028', 'Tuesday, 29 February 2028'],
    ['what date will it be in 6 weeks', 'Tuesday, 5 January 2027'],
    ['what date was 1000 days ago', 'Wednesday, 28 February 2024'],
    ['what day of the week will it be in 90 days', 'Monday, 22 February 2027'],
    ['what date is 2 fortnights from tomorrow', 'Wednesday, 23 December 2026'],
    ['10 business days after March 3, 2027', 'Wednesday, 17 March 2027'],
    ['what date is 15 working days from today', 'Tuesday, 15 December 2026'],
    ['5 business days before November 30, 2026', 'Monday, 23 November 2026'],
    ['In 3 weeks, what is the date?', 'Tuesday, 15 December 2026'],
    [
      'the deadline is 21 business days from today, what date is that?',
      'Wednesday, 23 December 2026',
    ],
    ['what date is 1000 days after my birthday, 12 June 1995', 'Sunday, 8 March 1998'],
    ['2 years before 29 Feb 2028', 'Saturday, 28 February 2026'],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_shift', answer: expected });
  });

  it('says business days skip weekends only', async () => {
    const v = await run('datetime_shift', { date: 'March 3, 2027', business_days: 10 });
    expect(v.working).toContain('weekends are skipped, public holidays are not');
  });

  it('refuses an amount that is not a whole number', async () => {
    await expect(run('datetime_shift', { days: 'lots' })).rejects.toThrow(ToolError);
  });
});

describe('spans between dates', () => {
  it.each([
    ['how many days between 1 March 2025 and 25 December 2025', 'datetime_difference', '299 days'],
    ['How many days until Christmas?', 'datetime_difference', '31 days'],
    ["How long until New Year's Day?", 'datetime_difference', '38 days'],
    ['days since January 1, 2026', 'datetime_difference', '327 days'],
    ['how many days since Christmas', 'datetime_difference', '334 days'],
    ['how many days since March 1', 'datetime_difference', '268 days'],
    ['how many weeks between today and Christmas', 'datetime_difference', '4 weeks and 3 days'],
    [
      'How many business days between March 2, 2026 and March 13, 2026?',
      'datetime_business_days',
      '9 business days',
    ],
    [
      'how many working days are there from 1 Dec 2026 to 31 Dec 2026',
      'datetime_business_days',
      '22 business days',
    ],
    [
      'How many working days from Monday 2 November to Friday 13 November 2026, inclusive?',
      'datetime_business_days',
      '10 business days',
    ],
    ['days from Jan 15 to Mar 1 2027', 'datetime_difference', '45 days'],
    ['how many days from Dec 20 to Jan 5 2027', 'datetime_difference', '16 days'],
    ['How many days old is someone born on 2000-01-01?', 'datetime_difference', '9,824 days'],
    ['how many days from 1 May 2026 to 3 May 2026 inclusive', 'datetime_difference', '3 days'],
  ])('%s → %s', async (question, tool, expected) => {
    expect(await answer(question)).toEqual({ tool, answer: expected });
  });
});

describe('weekdays, relative dates and ages', () => {
  it.each([
    ['What day of the week was July 4, 1776?', 'Thursday, 4 July 1776'],
    ['on what day of the week did 1 January 2000 fall', 'Saturday, 1 January 2000'],
    ['What weekday will 1 January 2030 be?', 'Tuesday, 1 January 2030'],
    ['what day of the week is Christmas 2027', 'Saturday, 25 December 2027'],
    ['What day was 20 July 1969?', 'Sunday, 20 July 1969'],
    ['what day is it today', 'Tuesday, 24 November 2026'],
    ["what's the date next Friday", 'Friday, 27 November 2026'],
    ['Was 1 January 2000 a Saturday?', 'Saturday, 1 January 2000'],
    ["tomorrow's date", 'Wednesday, 25 November 2026'],
    ['what day of the week is my birthday this year, 14 March', 'Saturday, 14 March 2026'],
    ['What day is Christmas next year?', 'Saturday, 25 December 2027'],
    ['what day of the week was 4 July last year', 'Friday, 4 July 2025'],
    ['What day was July 4?', 'Saturday, 4 July 2026'],
    ['what day of the week was Christmas', 'Thursday, 25 December 2025'],
    ['what date is tomorrow', 'Wednesday, 25 November 2026'],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_weekday', answer: expected });
  });

  it.each([
    ['How old is someone born on 12 March 1990?', '36 years old'],
    ['I was born on March 12, 1990. How old am I?', '36 years old'],
    ['how old is a person born on November 25, 1990', '35 years old'],
    ['how old is a person born on 24 November 1990', '36 years old'],
    ['how old is someone born on February 29, 2000', '26 years old'],
  ])('%s → %s', async (question, expected) => {
    expect(await answer(question)).toEqual({ tool: 'datetime_age', answer: expected });
  });
});

describe('honesty: what is not read is not guessed', () => {
  it('reads a day-month order that could be either month first, and says so', async () => {
    const read = readOne('What day of the week does 03/04/2027 fall on', now);
    expect(read).toMatchObject({ kind: 'reading', task: { tool: 'datetime_weekday' } });
    const v = await run('datetime_weekday', { date: '03/04/2027' });
    expect(v.answer).toBe('Thursday, 4 March 2027');
    expect(v.working).toContain(
      'read month first (US style) as 4 March; day first it would be 3 April',
    );
  });

  it('leaves money and non-date questions to others', () => {
    const money = readOne('what will $1000 be worth in 5 years at 5%', now);
    expect(money?.kind === 'reading' ? money.task.tool : money?.domain).not.toMatch(
      /^datetime_|^time$/,
    );
    expect(readOne('which day is better for the launch', now)).toBeNull();
    expect(readOne('how many days until the project deadline', now)).toBeNull();
    const breakEven = readOne(
      'How many units do we need to sell to break even with 12,600 fixed costs, selling at 40 and costing 22 each',
      now,
    );
    expect(breakEven?.domain).not.toBe('time');
  });

  it.each([
    'half a year from now',
    'what date is 1.5 years from now',
    'How many Mondays between 1 Jan 2027 and 31 Mar 2027',
  ])('says what it cannot do rather than rounding or miscounting: %s', (question) => {
    expect(readOne(question, now)).toMatchObject({ kind: 'partial', domain: 'time' });
  });

  it('leaves conversions between units of time to the numbers expert', () => {
    for (const q of ['days in 3 years', 'how many weeks in 98 days']) {
      const read = readOne(q, now);
      expect(read?.kind === 'reading' ? read.task.tool : '').not.toMatch(/^datetime_/);
    }
  });

  it('does not take a whole message that also asks something else', () => {
    const whole = readOne('the average of 3, 5 and 10, and the date 45 days after 2026-12-01', now);
    expect(whole?.kind === 'reading' ? whole.task.tool : '').not.toMatch(/^datetime_/);
  });

  it('splits a time zone question and a date question asked together', () => {
    const parts = readParts('What time is it in Tokyo and how many days until Christmas', now)!;
    expect(parts.map((p) => p.reading.kind === 'reading' && p.reading.task.tool)).toEqual([
      'datetime_now',
      'datetime_difference',
    ]);
  });
});
