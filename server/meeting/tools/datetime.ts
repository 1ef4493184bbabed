import type { DateTime } from 'luxon';
import { clockTime, longDate, readMoment, readingNotes, utcOffset } from './dateText';
import { datetimeArithmeticTools } from './datetimeArithmetic';
import { describeTool } from './providers';
import { zoneParam } from './datetimeShared';
import { resolveTimeZone, zoneLabel } from './timeZones';
import type { Tool, ToolContext, ToolResult } from '../types';

/**
 * The date_and_time provider's clock tools, on Luxon: the current time in a
 * zone, a wall-clock time moved between zones (daylight saving as in force
 * on that date), and the span between two dates. Every "now" is the tool
 * context's, so answers are reproducible. Values carry the headline
 * (`answer`), what was evaluated (`expression`) and the `working`, beside
 * the structured moments the code expert's snippets use.
 */

/** One instant as the snippets and the trace show it. */
export function describeInstant(at: DateTime) {
  return {
    timezone: at.zoneName ?? 'UTC',
    text: at.toFormat('cccc d LLLL yyyy, HH:mm:ss'),
    iso: at.toISO({ suppressMilliseconds: true })!,
    offset: utcOffset(at),
    date: at.toISODate()!,
    time: at.toFormat('HH:mm'),
  };
}

const spelled = (at: DateTime) => `${clockTime(at)} on ${longDate(at)}`;

function nowTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const at = readMoment('now', ctx.now, zone).at;
  const place = zoneLabel(args.timezone, zone);
  const moment = describeInstant(at);
  return {
    output: `${moment.text} in ${zone} (${moment.offset})`,
    value: {
      ...moment,
      answer: `${clockTime(at)} in ${place} (${longDate(at)})`,
      expression: `now in ${zone}`,
      working: `The meeting's clock reads ${spelled(at.setZone('UTC'))} UTC; in ${zone} (${moment.offset}) that is ${spelled(at)}.`,
    },
  };
}

function convertTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const from = resolveTimeZone(args.from);
  const to = resolveTimeZone(args.to);
  const read = readMoment(args.datetime, ctx.now, from);
  const a = read.at;
  const b = a.setZone(to);
  const [fromPlace, toPlace] = [zoneLabel(args.from, from), zoneLabel(args.to, to)];
  const which = read.hasDate
    ? 'the offsets in force on that date, daylight saving included'
    : `no date was given, so the meeting clock's date decides daylight saving`;
  const [ma, mb] = [describeInstant(a), describeInstant(b)];
  return {
    output: `${ma.text} in ${from} (${ma.offset}) is ${mb.text} in ${to} (${mb.offset})`,
    value: {
      from: ma,
      to: mb,
      answer: `${clockTime(b)} in ${toPlace} (${longDate(b)})`,
      expression: `${ma.iso} (${from}) → ${to}`,
      working:
        `${spelled(a)} in ${fromPlace} (${from}, ${ma.offset}) is ${spelled(b)} in ` +
        `${toPlace} (${to}, ${mb.offset}); ${which}.${readingNotes(read)}`,
    },
  };
}

function zoneDifferenceTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const first = resolveTimeZone(args.zone);
  const second = resolveTimeZone(args.other);
  const at = readMoment(typeof args.date === 'string' && args.date ? args.date : 'now', ctx.now);
  const a = at.at.setZone(first);
  const b = at.at.setZone(second);
  const minutes = a.offset - b.offset;
  const hours = Math.abs(minutes) / 60;
  const amount = `${Number(hours.toFixed(2))} ${hours === 1 ? 'hour' : 'hours'}`;
  const [p1, p2] = [zoneLabel(args.zone, first), zoneLabel(args.other, second)];
  const answer =
    minutes === 0
      ? `0 hours: ${p1} and ${p2} keep the same time`
      : `${amount}: ${p1} is ${amount} ${minutes > 0 ? 'ahead of' : 'behind'} ${p2}`;
  return {
    output: `${first} (${utcOffset(a)}) vs ${second} (${utcOffset(b)}): ${answer}`,
    value: {
      answer,
      expression: `offset(${first}) − offset(${second}) on ${a.toISODate()}`,
      working: `On ${longDate(a)}, ${first} is at ${utcOffset(a)} and ${second} at ${utcOffset(b)}; the gap changes when either side moves its clocks for daylight saving.`,
    },
  };
}

interface Span {
  sign: number;
  days: number;
  hours: number;
  minutes: number;
  totalMinutes: number;
}

function span(a: DateTime, b: DateTime): Span {
  const ms = b.toMillis() - a.toMillis();
  const sign = ms < 0 ? -1 : 1;
  const totalMinutes = Math.round(Math.abs(ms) / 60000);
  // Whole calendar days first (a daylight-saving day is still one day), then the clock time left.
  const [early, late] = sign < 0 ? [b, a] : [a, b];
  let days = Math.floor(late.diff(early, 'days').days);
  if (early.plus({ days: days + 1 }) <= late) days += 1;
  const rest = Math.round(late.diff(early.plus({ days }), 'minutes').minutes);
  return { sign, days, hours: Math.floor(rest / 60), minutes: rest % 60, totalMinutes };
}

const count = (n: number, unit: string) =>
  `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;

function spanWords(s: Span, unit: string): string {
  if (unit === 'weeks') {
    const weeks = Math.floor(s.days / 7);
    const days = s.days % 7;
    return `${count(weeks, 'week')}${days ? ` and ${count(days, 'day')}` : ''}`;
  }
  const parts = [
    s.days || (!s.hours && !s.minutes) ? count(s.days, 'day') : '',
    s.hours ? count(s.hours, 'hour') : '',
    s.minutes ? count(s.minutes, 'minute') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

function calendarWords(a: DateTime, b: DateTime, unit: 'months' | 'years'): string {
  const [early, late] = a <= b ? [a, b] : [b, a];
  const d = late.diff(early, ['years', 'months', 'days']).toObject();
  const years = d.years ?? 0;
  const months = d.months ?? 0;
  const days = Math.round(d.days ?? 0);
  const head =
    unit === 'years'
      ? [count(years, 'year'), months ? count(months, 'month') : '']
      : [count(years * 12 + months, 'month')];
  const parts = [...head, days ? count(days, 'day') : ''].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

function differenceTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const unit = typeof args.unit === 'string' ? args.unit : 'days';
  let from = readMoment(args.from, ctx.now, zone);
  let to = readMoment(args.to, ctx.now, zone);
  // "Days until Christmas": today against a date is counted in calendar days, not from this minute.
  const isNow = (v: unknown) => typeof v === 'string' && /^\s*(?:right )?now\s*$/i.test(v);
  if (isNow(args.from) && !to.hasTime)
    from = { ...from, at: from.at.startOf('day'), hasTime: false };
  if (isNow(args.to) && !from.hasTime) to = { ...to, at: to.at.startOf('day'), hasTime: false };
  const a = from.at;
  const b = to.at;
  const dated = !from.hasTime && !to.hasTime;
  // "… inclusive": both end dates count, one day more than the plain difference.
  const inclusive = dated && args.inclusive === true;
  const s = span(a, b);
  if (inclusive) s.days += 1;
  const show = (m: typeof from) => (m.hasTime ? spelled(m.at) : longDate(m.at));
  const answer =
    unit === 'months' || unit === 'years' ? calendarWords(a, b, unit) : spanWords(s, unit);
  const direction = s.sign < 0 ? ' (the second date comes first)' : '';
  const total = dated
    ? `${count(s.days, 'day')} in all`
    : `${count(s.totalMinutes, 'minute')} in all (${Number((s.totalMinutes / 60).toFixed(2)).toLocaleString('en-US')} hours)`;
  const [ma, mb] = [describeInstant(a), describeInstant(b)];
  const totalHours = (s.sign * Math.round((s.totalMinutes / 60) * 100)) / 100;
  return {
    output: `From ${ma.text} to ${mb.text} (${zone}): ${answer}${direction}; ${total}`,
    value: {
      from: ma,
      to: mb,
      ...s,
      totalMinutes: s.sign * s.totalMinutes,
      totalHours,
      totalDays: (s.sign * Math.round((s.totalMinutes / 1440) * 100)) / 100,
      answer: `${answer}${direction}`,
      expression: `${dated ? ma.date : ma.iso} → ${dated ? mb.date : mb.iso}${zone === 'UTC' ? '' : ` (${zone})`}`,
      working: `From ${show(from)} to ${show(to)}: ${total}${dated ? (inclusive ? ', counting both the start and the end date' : ', counting the end date but not the start date') : ''}.${readingNotes(from, to)}`,
    },
  };
}

export function datetimeTools(): Tool[] {
  return [
    {
      ...describeTool('datetime_now'),
      parameters: {
        type: 'object',
        properties: { timezone: zoneParam('IANA id (Asia/Tokyo), city (Tokyo) or EST/CET…') },
        required: ['timezone'],
      },
      run: async (args, ctx) => nowTool(args, ctx),
    },
    {
      ...describeTool('datetime_convert'),
      parameters: {
        type: 'object',
        properties: {
          datetime: {
            type: 'string',
            description:
              'wall-clock time in the `from` zone, with a date if known: "2026-07-04 15:00", "3pm", "10am March 15"',
          },
          from: zoneParam('time zone the datetime is in (city, country, IANA id, EST, CET…)'),
          to: zoneParam('time zone to convert to'),
        },
        required: ['datetime', 'from', 'to'],
      },
      run: async (args, ctx) => convertTool(args, ctx),
    },
    {
      ...describeTool('datetime_difference'),
      parameters: {
        type: 'object',
        properties: {
          from: { type: 'string', description: 'e.g. "2025-03-01", "now", "1 March 2025 9am"' },
          to: { type: 'string', description: 'e.g. "2025-12-25", "Christmas"' },
          unit: {
            type: 'string',
            enum: ['days', 'weeks', 'months', 'years'],
            description: 'how to state the span (default days)',
          },
          inclusive: {
            type: 'boolean',
            description: 'count both the start and the end date (default false)',
          },
          timezone: zoneParam('optional; time zone of dates without an offset (default UTC)'),
        },
        required: ['from', 'to'],
      },
      run: async (args, ctx) => differenceTool(args, ctx),
    },
    {
      ...describeTool('datetime_zone_difference'),
      parameters: {
        type: 'object',
        properties: {
          zone: zoneParam('the first time zone'),
          other: zoneParam('the zone it is compared with'),
          date: { type: 'string', description: 'optional; the date (default the clock’s today)' },
        },
        required: ['zone', 'other'],
      },
      run: async (args, ctx) => zoneDifferenceTool(args, ctx),
    },
    ...datetimeArithmeticTools(),
  ];
}
