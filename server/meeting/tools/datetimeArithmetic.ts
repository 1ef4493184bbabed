import type { DateTime } from 'luxon';
import { clockTime, longDate, readMoment, readingNotes } from './dateText';
import type { Moment } from './dateText';
import { dateParam, zoneParam } from './datetimeShared';
import { describeTool } from './providers';
import type { ComputedDate } from './datetimeShared';
import { resolveTimeZone, zoneLabel } from './timeZones';
import { ToolError } from '../types';
import type { Tool, ToolContext, ToolResult } from '../types';

/**
 * Date arithmetic on Luxon: a date moved by years, months, weeks, days or
 * business days; the weekday of a date; the business days between two
 * dates; an age from a birth date. Business days are Monday to Friday —
 * public holidays are not known, and every answer says so.
 */

const UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'minutes', 'business_days'] as const;
type Unit = (typeof UNITS)[number];
/** Far enough for any calendar question, near enough that Luxon stays exact and quick. */
const LIMIT: Record<Unit, number> = {
  years: 10_000,
  months: 120_000,
  weeks: 520_000,
  days: 3_650_000,
  hours: 87_600_000,
  minutes: 5_256_000_000,
  business_days: 2_600_000,
};

const plural = (n: number, unit: string) =>
  `${Math.abs(n).toLocaleString('en-US')} ${unit}${Math.abs(n) === 1 ? '' : 's'}`;

function amounts(args: Record<string, unknown>): Partial<Record<Unit, number>> {
  const out: Partial<Record<Unit, number>> = {};
  for (const unit of UNITS) {
    const raw = args[unit];
    if (raw === undefined || raw === null || raw === '') continue;
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, ''));
    if (!Number.isInteger(n)) throw new ToolError(`${unit} must be a whole number, not "${raw}"`);
    if (Math.abs(n) > LIMIT[unit])
      throw new ToolError(`${unit} is too large (at most ${LIMIT[unit]})`);
    out[unit] = n;
  }
  if (!Object.values(out).some((n) => n !== 0)) {
    throw new ToolError('Give the amount to move the date by (e.g. days: 90 or months: -3)');
  }
  return out;
}

const isWeekend = (d: DateTime) => d.weekday > 5;

/** Moves by n weekdays (negative: back). A start on a weekend counts from the nearest Friday or Monday. */
export function addBusinessDays(start: DateTime, n: number): DateTime {
  let d = start;
  const step = n < 0 ? -1 : 1;
  while (isWeekend(d)) d = d.plus({ days: -step });
  d = d.plus({ weeks: Math.trunc(n / 5) });
  for (let left = Math.abs(n % 5); left > 0;) {
    d = d.plus({ days: step });
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** Weekdays after `from` up to and including `to` (from ≤ to, both start of day). */
export function businessDaysBetween(from: DateTime, to: DateTime): number {
  const days = Math.round(to.diff(from, 'days').days);
  const weeks = Math.floor(days / 7);
  let count = weeks * 5;
  let d = from.plus({ weeks });
  while (d < to) {
    d = d.plus({ days: 1 });
    if (!isWeekend(d)) count += 1;
  }
  return count;
}

const show = (m: Moment, at = m.at) =>
  m.hasTime ? `${longDate(at)}, ${clockTime(at)}` : longDate(at);

function shiftTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const by = amounts(args);
  const base = readMoment(args.date ?? 'today', ctx.now, zone);
  const timed = base.hasTime || Boolean(by.hours || by.minutes);
  let at = base.at.plus({
    years: by.years ?? 0,
    months: by.months ?? 0,
    weeks: by.weeks ?? 0,
    days: by.days ?? 0,
    hours: by.hours ?? 0,
    minutes: by.minutes ?? 0,
  });
  if (by.business_days) at = addBusinessDays(at, by.business_days);
  if (!at.isValid || at.year < -9999 || at.year > 99999) {
    throw new ToolError('That date is outside the calendar I can work with');
  }
  const moved = UNITS.filter((u) => by[u])
    .map(
      (u) =>
        `${by[u]! < 0 ? '−' : '+'} ${plural(by[u]!, u === 'business_days' ? 'business day' : u.slice(0, -1))}`,
    )
    .join(' ');
  const answer = timed
    ? `${clockTime(at)} in ${zone === 'UTC' ? 'UTC' : zoneLabel(args.timezone, zone)} (${longDate(at)})`
    : longDate(at);
  const notes = [
    (by.months || by.years) && at.day !== base.at.day
      ? `${base.at.toFormat('d LLLL')} has no match in ${at.toFormat('LLLL yyyy')}, so it lands on the month's last day.`
      : '',
    by.business_days
      ? 'Business days are Monday to Friday: weekends are skipped, public holidays are not.'
      : '',
  ].filter(Boolean);
  return {
    output: `${show(base)} ${moved} = ${answer}`,
    value: {
      answer,
      expression: `${timed ? base.at.toISO({ suppressMilliseconds: true }) : base.at.toISODate()} ${moved}`,
      working: [`${show(base)} ${moved} is ${answer}.`, ...notes].join(' ') + readingNotes(base),
      iso: timed ? at.toISO({ suppressMilliseconds: true }) : at.toISODate(),
    } satisfies ComputedDate & { iso: string | null },
  };
}

function tense(at: DateTime, today: DateTime): string {
  const day = at.startOf('day');
  if (+day === +today.startOf('day')) return 'is';
  return day < today ? 'was' : 'will be';
}

function weekdayTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const read = readMoment(args.date, ctx.now, zone);
  const { at } = read;
  const today = readMoment('today', ctx.now, zone).at;
  const answer = longDate(at);
  return {
    output: answer,
    value: {
      answer,
      expression: `weekday(${at.toISODate()})`,
      working: `${at.toFormat('d LLLL yyyy')} ${tense(at, today)} a ${at.toFormat('cccc')} (day ${at.weekday} of the ISO week, week ${at.weekNumber}).${readingNotes(read)}`,
    } satisfies ComputedDate,
  };
}

function businessDaysTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const first = readMoment(args.from, ctx.now, zone);
  const second = readMoment(args.to, ctx.now, zone);
  const a = first.at.startOf('day');
  const b = second.at.startOf('day');
  const [from, to] = a <= b ? [a, b] : [b, a];
  const after = businessDaysBetween(from, to);
  const both = after + (isWeekend(from) ? 0 : 1);
  // "… inclusive": the first date counts too (Excel's NETWORKDAYS); otherwise days after it.
  const inclusive = args.inclusive === true;
  const n = inclusive ? both : after;
  const answer = `${plural(n, 'business day')}${a > b ? ' (the second date comes first)' : ''}`;
  return {
    output: `${longDate(from)} → ${longDate(to)}: ${answer}`,
    value: {
      answer,
      expression: `weekdays in ${inclusive ? '[' : '('}${from.toISODate()}, ${to.toISODate()}]`,
      working:
        `Counting Monday to Friday ${inclusive ? 'from' : 'after'} ${longDate(from)} up to and including ${longDate(to)}` +
        `${!inclusive && both !== n ? ` (${both} if both end dates count)` : ''}; weekends are skipped, public holidays are not.` +
        readingNotes(first, second),
    } satisfies ComputedDate,
  };
}

function ageTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const birth = readMoment(args.birth_date, ctx.now, zone);
  const when = readMoment(args.on ?? 'today', ctx.now, zone);
  const born = birth.at.startOf('day');
  const on = when.at.startOf('day');
  if (born > on) throw new ToolError(`${longDate(born)} is after ${longDate(on)}: no age yet`);
  const d = on.diff(born, ['years', 'months', 'days']).toObject();
  const years = d.years ?? 0;
  const months = d.months ?? 0;
  const days = Math.round(d.days ?? 0);
  let next = born.plus({ years: years + 1 });
  if (next <= on) next = born.plus({ years: years + 2 });
  const untilNext = Math.round(next.diff(on, 'days').days);
  const answer = `${years} ${years === 1 ? 'year' : 'years'} old`;
  return {
    output: `${answer} on ${longDate(on)} (born ${longDate(born)})`,
    value: {
      answer,
      expression: `${on.toISODate()} − ${born.toISODate()}`,
      working:
        `Born ${longDate(born)}; on ${longDate(on)} that is ${plural(years, 'year')}, ` +
        `${plural(months, 'month')} and ${plural(days, 'day')}. The next birthday is ${longDate(next)}, in ${plural(untilNext, 'day')}.` +
        readingNotes(birth, when),
    } satisfies ComputedDate,
  };
}

const signed = (what: string) => ({
  type: 'integer',
  description: `${what} to add (negative: before)`,
});

export function datetimeArithmeticTools(): Tool[] {
  const timezone = zoneParam('optional; the zone "today" is read in (default UTC)');
  return [
    {
      ...describeTool('datetime_shift'),
      parameters: {
        type: 'object',
        properties: {
          date: dateParam('the starting date: "today" (default), "March 3, 2027", "next Friday"'),
          years: signed('years'),
          months: signed('months'),
          weeks: signed('weeks'),
          days: signed('days'),
          hours: signed('hours'),
          minutes: signed('minutes'),
          business_days: signed('business days (Monday–Friday)'),
          timezone,
        },
        required: [],
      },
      run: async (args, ctx) => shiftTool(args, ctx),
    },
    {
      ...describeTool('datetime_weekday'),
      parameters: {
        type: 'object',
        properties: { date: dateParam('e.g. "4 July 1776", "Christmas 2027"'), timezone },
        required: ['date'],
      },
      run: async (args, ctx) => weekdayTool(args, ctx),
    },
    {
      ...describeTool('datetime_business_days'),
      parameters: {
        type: 'object',
        properties: {
          from: dateParam('first date, e.g. "today", "2 March 2026"'),
          to: dateParam('second date'),
          inclusive: { type: 'boolean', description: 'count the first date too (default false)' },
          timezone,
        },
        required: ['from', 'to'],
      },
      run: async (args, ctx) => businessDaysTool(args, ctx),
    },
    {
      ...describeTool('datetime_age'),
      parameters: {
        type: 'object',
        properties: {
          birth_date: dateParam('e.g. "12 March 1990"'),
          on: dateParam('optional; the date of the age (default today)'),
          timezone,
        },
        required: ['birth_date'],
      },
      run: async (args, ctx) => ageTool(args, ctx),
    },
  ];
}
