import * as chrono from 'chrono-node/en';
import { DateTime, FixedOffsetZone } from 'luxon';
import { ToolError } from '../types';

/**
 * Dates and times as people write them ("next Friday", "March 3, 2027",
 * "10am on 15 March", "2025-03-01 14:30", "Christmas", "today"), read with
 * chrono-node against the meeting's clock and returned as a Luxon DateTime in
 * the zone they are meant in. A text with words chrono did not read, or a
 * day-month order that could be either ("03/04/2027"), is refused rather
 * than half-read.
 */

export interface Moment {
  /** The instant, in the zone it was read in. */
  at: DateTime;
  /** Whether the text named a time of day (else `at` is the start of its day). */
  hasTime: boolean;
  /** Whether the text named a day (else it is the clock's today). */
  hasDate: boolean;
  /** How an ambiguous text was read, for the working. */
  note?: string;
}

/** Fixed-date holidays ("christmas" → "december 25") and Thanksgiving (US). */
const HOLIDAYS: [RegExp, string][] = [
  [/\bchristmas eve\b/, 'december 24'],
  [/\b(?:christmas|xmas)(?: day)?\b/, 'december 25'],
  [/\bboxing day\b/, 'december 26'],
  [/\bnew year'?s eve\b/, 'december 31'],
  [/\bnew year'?s(?: day)?\b|\bnew year\b/, 'january 1'],
  [/\bvalentine'?s(?: day)?\b/, 'february 14'],
  [/\bhalloween\b/, 'october 31'],
  [/\b(?:independence day|the fourth of july|fourth of july|july 4th)\b/, 'july 4'],
  [/\bst\.? patrick'?s day\b/, 'march 17'],
];

/** Words that may sit around a date without changing it. */
const FILLER = /\b(?:on|at|the|of|this|date|day|time|year'?s|is|it|its|it's)\b|[,.]/g;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function wallOf(now: Date, zone: string): DateTime {
  return DateTime.fromJSDate(now, { zone });
}

/** The next date (today included) that is this month and day: holidays and yearless dates. */
function nextOccurrence(month: number, day: number, today: DateTime): DateTime {
  const thisYear = today.set({ month, day }).startOf('day');
  return thisYear < today.startOf('day') ? thisYear.plus({ years: 1 }) : thisYear;
}

function thanksgiving(year: number): string {
  const first = DateTime.utc(year, 11, 1);
  const day = 1 + ((4 - first.weekday + 7) % 7) + 21;
  return `november ${day} ${year}`;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * "next Friday" / "this Friday" / "Friday" is the coming one (today's own
 * weekday counts for "this" only), "last Friday" the most recent before
 * today — spelled out as a date so chrono does not apply its own reading.
 */
function weekdays(text: string, today: DateTime): string {
  const month = MONTHS.map((m) => m.slice(0, 3)).join('|');
  const dated = new RegExp(
    `\\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+(?=(?:the\\s+)?\\d{1,2}\\s+(?:of\\s+)?(?:${month})|(?:${month})[a-z]*\\.?\\s+\\d|\\d{4}-)`,
    'g',
  );
  return text
    .replace(dated, '')
    .replace(
      /\b(next|this|coming|last|previous)?\s*(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b/g,
      (_whole, which: string | undefined, name: string) => {
        const target = WEEKDAYS.findIndex((d) => d.startsWith(name.slice(0, 3))) + 1;
        const ahead = (target - today.weekday + 7) % 7;
        let shift: number;
        if (which === 'last' || which === 'previous')
          shift = -((today.weekday - target + 7) % 7 || 7);
        else shift = ahead === 0 && which !== 'this' ? 7 : ahead;
        return today.plus({ days: shift }).toFormat('LLLL d yyyy').toLowerCase();
      },
    );
}

function normalise(input: string, today: DateTime): string {
  let text = ` ${input.toLowerCase().replace(/\s+/g, ' ').trim()} `;
  text = text
    .replace(/\bthe day after tomorrow\b/, 'in 2 days')
    .replace(/\bday after tomorrow\b/, 'in 2 days')
    .replace(/\bthe day before yesterday\b/, '2 days ago')
    .replace(/\bday before yesterday\b/, '2 days ago')
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/g, '$1');
  for (const [pattern, date] of HOLIDAYS) text = text.replace(pattern, date);
  // "14 march this year": the year spelled out, so chrono does not pick the next occurrence.
  text = text.replace(/\b(this|next|last) year\b/, (_, which: string) =>
    String(today.year + (which === 'next' ? 1 : which === 'last' ? -1 : 0)),
  );
  text = weekdays(text, today);
  text = text.replace(/\bthanksgiving(?: day)?(?:\s+(\d{4}))?\b/, (_, year?: string) => {
    if (year) return thanksgiving(Number(year));
    const mine = thanksgiving(today.year);
    return DateTime.fromFormat(mine, 'LLLL d yyyy', { zone: today.zone }) < today.startOf('day')
      ? thanksgiving(today.year + 1)
      : mine;
  });
  return text.trim();
}

/** A question's date words as readMoment reads them (holidays and weekdays spelled out as dates). */
export function spellDates(text: string, now: Date, zone = 'UTC'): string {
  return normalise(text, wallOf(now, zone));
}

/**
 * "03/04/2027" could be 3 April or 4 March: it is read month first (as chrono
 * and US usage do), and the answer says so and gives the other reading.
 */
function slashNote(text: string): string | undefined {
  const m = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(text);
  if (!m) return undefined;
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a === b || a > 12 || b > 12) return undefined;
  const name = (n: number) => MONTHS[n - 1]![0]!.toUpperCase() + MONTHS[n - 1]!.slice(1);
  return `"${m[0]}" is read month first (US style) as ${b} ${name(a)}; day first it would be ${a} ${name(b)}.`;
}

function refuse(input: string, why?: string): ToolError {
  return new ToolError(
    why ??
      `Could not read "${input}" as a date and time (try 2025-03-01 14:30, 1 March 2025 2pm or next Friday)`,
  );
}

/** An explicit UTC offset written into the text ("…T09:00Z", "09:00 +02:00"). */
function explicitOffset(text: string): boolean {
  return /(?:\dz|[+-]\d{2}:?\d{2}|\butc\b|\bgmt\b)$/i.test(text.trim());
}

/**
 * Reads a date and/or time in `zone` (default UTC). "now" is the clock's
 * instant; a text with no day is on the clock's today in that zone; a
 * month and day without a year is its next occurrence (today included).
 */
export function readMoment(input: unknown, now: Date, zone = 'UTC'): Moment {
  const original = typeof input === 'string' ? input.trim() : '';
  if (!original) throw refuse(String(input ?? ''));
  const today = wallOf(now, zone);
  const lowered = original.toLowerCase().replace(/[?!.]+$/, '');
  if (/^(?:right )?now$/.test(lowered)) return { at: today, hasTime: true, hasDate: true };
  if (/^today$/.test(lowered)) return { at: today.startOf('day'), hasTime: false, hasDate: true };
  const text = normalise(original, today);
  const note = slashNote(text);
  const results = chrono.parse(text, { instant: now, timezone: today.offset });
  if (!results.length) throw refuse(original);
  let rest = text;
  for (const r of results) rest = rest.replace(r.text, ' ');
  if (rest.replace(FILLER, ' ').trim()) throw refuse(original);
  const timed = results.find((r) => r.start.isCertain('hour'));
  const dated = results.find(
    (r) => r.start.isCertain('day') || r.start.isCertain('weekday') || r.start.isCertain('month'),
  );
  const base = dated ?? timed ?? results[0]!;
  const c = base.start;
  let day: DateTime<boolean> = DateTime.fromObject(
    { year: c.get('year')!, month: c.get('month')!, day: c.get('day')! },
    { zone },
  );
  if (!day.isValid) throw refuse(original);
  if (dated && c.isCertain('month') && c.isCertain('day') && !c.isCertain('year')) {
    day = nextOccurrence(day.month, day.day, today);
  }
  if (!dated) day = today.startOf('day');
  if (!timed)
    return { at: day, hasTime: false, hasDate: Boolean(dated), ...(note ? { note } : {}) };
  const t = timed.start;
  const clock = {
    year: day.year,
    month: day.month,
    day: day.day,
    hour: t.get('hour') ?? 0,
    minute: t.get('minute') ?? 0,
    second: t.get('second') ?? 0,
  };
  const offset = t.get('timezoneOffset');
  const fixed = offset !== null && offset !== undefined && explicitOffset(original);
  const at = fixed
    ? DateTime.fromObject(clock, { zone: FixedOffsetZone.instance(offset) }).setZone(zone)
    : DateTime.fromObject(clock, { zone });
  if (!at.isValid) throw refuse(original);
  // A time the clocks skip (the spring-forward hour) is moved on by Luxon: say so.
  const skipped =
    !fixed && (at.hour !== clock.hour || at.minute !== clock.minute)
      ? `${DateTime.fromObject(clock, { zone: 'UTC' }).toFormat('h:mm a')} does not exist on ${at.toFormat('d LLLL yyyy')} in ${zone} (the clocks go forward), so it is read as ${at.toFormat('h:mm a')}.`
      : undefined;
  const notes = [note, skipped].filter(Boolean).join(' ');
  return { at, hasTime: true, hasDate: Boolean(dated), ...(notes ? { note: notes } : {}) };
}

/** The notes of ambiguous readings, as sentences to add to the working. */
export const readingNotes = (...moments: Moment[]) =>
  moments.flatMap((m) => (m.note ? [` ${m.note}`] : [])).join('');

/** "Friday, 15 January 2027". */
export const longDate = (at: DateTime) => at.toFormat('cccc, d LLLL yyyy');

/** "11:00 PM". */
export const clockTime = (at: DateTime) => at.toFormat('h:mm a');

/** "UTC+09:00". */
export const utcOffset = (at: DateTime) => `UTC${at.toFormat('ZZ')}`;
