import { describe, expect, it } from 'vitest';
import { ask } from './offlineAsk';

describe('offline engine: dates and times', () => {
  it('tells the time in Tokyo from the meeting clock', async () => {
    const chrono = await ask('What time is it in Tokyo?', 'chrono');
    expect(chrono.tools).toEqual([{ name: 'datetime_now', args: { timezone: 'Tokyo' } }]);
    expect(chrono.final).toBe(
      '**9:30 PM in Tokyo (Tuesday, 14 May 2024)**\n\n' +
        "The meeting's clock reads 12:30 PM on Tuesday, 14 May 2024 UTC; in Asia/Tokyo (UTC+09:00) that is 9:30 PM on Tuesday, 14 May 2024.\n\n" +
        'Evaluated: `now in Asia/Tokyo`.\n\n' +
        '_Source: datetime_now, computed exactly._',
    );
    const ada = await ask('What time is it in Tokyo?', 'ada-quant');
    expect(ada.final).toBe('Nothing to calculate here — Chrono has the clock.');
    const devon = await ask('What time is it in Tokyo?', 'devon');
    expect(devon.final.startsWith('**9:30 PM in Tokyo (Tuesday, 14 May 2024)** — reproduced')).toBe(
      true,
    );
    expect(devon.final).toContain("timeZone: 'Asia/Tokyo',");
  });

  it('counts the days between two dates', async () => {
    const chrono = await ask('How many days between 1 March 2025 and 25 December 2025?', 'chrono');
    expect(chrono.tools[0]!.name).toBe('datetime_difference');
    expect(chrono.final.startsWith('**299 days**\n\n')).toBe(true);
    expect(chrono.final).toContain('Evaluated: `2025-03-01 → 2025-12-25`.');
  });

  it('converts between zones, with the summer time of the day', async () => {
    const chrono = await ask('What is 9am London time in Tokyo?', 'chrono');
    expect(chrono.tools[0]).toEqual({
      name: 'datetime_convert',
      args: { datetime: '9am', from: 'London', to: 'Tokyo' },
    });
    // 14 May: London is on summer time (UTC+1), so 9am there is 5pm in Tokyo.
    expect(chrono.final.startsWith('**5:00 PM in Tokyo (Tuesday, 14 May 2024)**')).toBe(true);
  });

  it('answers "time in X when it is T in Y on a date" for that date, not the clock', async () => {
    const chrono = await ask(
      "What time is it in Tokyo when it's 3pm in London on 4 July 2026?",
      'chrono',
    );
    expect(chrono.tools[0]).toEqual({
      name: 'datetime_convert',
      args: { datetime: '4 july 2026 3pm', from: 'London', to: 'Tokyo' },
    });
    expect(chrono.final.startsWith('**11:00 PM in Tokyo (Saturday, 4 July 2026)**')).toBe(true);
    const late = await ask(
      'if it is 5pm in New York on 4 July 2026, what time is it in Sydney?',
      'chrono',
    );
    expect(late.final.startsWith('**7:00 AM in Sydney (Sunday, 5 July 2026)**')).toBe(true);
  });

  it('moves a date by days and names its weekday', async () => {
    const chrono = await ask('What date was 45 days before March 3, 2027?', 'chrono');
    expect(chrono.tools[0]).toEqual({
      name: 'datetime_shift',
      args: { date: 'March 3, 2027', days: -45 },
    });
    expect(chrono.final.startsWith('**Sunday, 17 January 2027**')).toBe(true);
    expect(chrono.final).toContain('Evaluated: `2027-03-03 − 45 days`.');
  });

  it('answers a time zone and a date question in one message, each in turn', async () => {
    const chrono = await ask(
      'What time is it in Tokyo and how many days until Christmas?',
      'chrono',
    );
    expect(chrono.tools.map((t) => t.name)).toEqual(['datetime_now', 'datetime_difference']);
    expect(chrono.final).toContain('**9:30 PM in Tokyo (Tuesday, 14 May 2024)**');
    expect(chrono.final).toContain('**225 days**');
  });

  it('explains an unknown time zone', async () => {
    const chrono = await ask('What time is it in Atlantis?', 'chrono');
    expect(chrono.progress[0]!.status).toBe('working-with-errors');
    expect(chrono.final).toContain('Unknown time zone "Atlantis"');
  });
});
