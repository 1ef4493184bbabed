import { toolProviderDefinitions } from './providers';
import { ToolError } from '../types';
import type { Tool, ToolContext, ToolResult } from '../types';

/**
 * The date_and_time provider: the current time in any IANA time zone (or a
 * city's), conversion between zones and the span between two dates. Every
 * "now" is the tool context's, so answers are reproducible.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Common names that are not the last part of an IANA id. */
const ALIASES: Record<string, string> = {
  utc: 'UTC',
  gmt: 'UTC',
  z: 'UTC',
  zulu: 'UTC',
  est: 'America/New_York',
  edt: 'America/New_York',
  eastern: 'America/New_York',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  central: 'America/Chicago',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  cet: 'Europe/Paris',
  cest: 'Europe/Paris',
  bst: 'Europe/London',
  jst: 'Asia/Tokyo',
  ist: 'Asia/Kolkata',
  aest: 'Australia/Sydney',
  'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  washington: 'America/New_York',
  boston: 'America/New_York',
  miami: 'America/New_York',
  beijing: 'Asia/Shanghai',
  mumbai: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
  kolkata: 'Asia/Kolkata',
  kyiv: 'Europe/Kyiv',
  kiev: 'Europe/Kyiv',
  munich: 'Europe/Berlin',
  frankfurt: 'Europe/Berlin',
  hamburg: 'Europe/Berlin',
  geneva: 'Europe/Zurich',
  milan: 'Europe/Rome',
  barcelona: 'Europe/Madrid',
  osaka: 'Asia/Tokyo',
  'ho chi minh city': 'Asia/Ho_Chi_Minh',
};

function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA id, or a city name matched against Intl's list ("Tokyo" → Asia/Tokyo). */
export function resolveTimeZone(input: unknown): string {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (!raw) return 'UTC';
  const name = raw
    .toLowerCase()
    .replace(/\s+(?:time|time zone|timezone)$/, '')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const zones = Intl.supportedValuesOf('timeZone');
  const exact = zones.find((z) => z.toLowerCase().replace(/_/g, ' ') === name);
  if (exact) return exact;
  const alias = ALIASES[name];
  if (alias && isValidZone(alias)) return alias;
  const city = zones.find((z) => z.split('/').pop()!.replace(/_/g, ' ').toLowerCase() === name);
  if (city) return city;
  if (raw.includes('/') && isValidZone(raw)) {
    const canonical = new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
    return canonical.toLowerCase() === raw.toLowerCase() ? canonical : titleCase(raw);
  }
  throw new ToolError(
    `Unknown time zone "${raw}": use an IANA id such as Asia/Tokyo or a city name such as Tokyo`,
  );
}

const titleCase = (zone: string) =>
  zone.replace(/[a-z]+/gi, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

function wallMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(instant: Date, zone: string): number {
  return Math.round(
    (wallMs(wallClock(instant, zone)) - Math.floor(instant.getTime() / 1000) * 1000) / 60000,
  );
}

/** The instant at which a zone's clocks show this wall-clock time. */
function zonedToInstant(w: WallClock, zone: string): Date {
  const guess = wallMs(w);
  const first = offsetMinutes(new Date(guess), zone);
  const t = guess - first * 60000;
  const second = offsetMinutes(new Date(t), zone);
  return new Date(second === first ? t : guess - second * 60000);
}

const pad = (n: number) => String(n).padStart(2, '0');

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** e.g. "Tuesday 14 May 2024, 21:30:00" and its ISO form with offset. */
export function describeInstant(instant: Date, zone: string) {
  const w = wallClock(instant, zone);
  const offset = offsetMinutes(instant, zone);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]!;
  const time = `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  const date = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  const iso = `${date}T${time}${formatOffset(offset).slice(3) || '+00:00'}`;
  return {
    timezone: zone,
    text: `${weekday} ${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${time}`,
    iso,
    offset: formatOffset(offset),
    date,
    time: time.slice(0, 5),
  };
}

interface ParsedTime {
  hour: number;
  minute: number;
  second: number;
  offset?: number;
}

function parseTime(text: string): ParsedTime | null {
  const t = text.trim();
  if (!t) return { hour: 0, minute: 0, second: 0 };
  if (t === 'noon' || t === 'midday') return { hour: 12, minute: 0, second: 0 };
  if (t === 'midnight') return { hour: 0, minute: 0, second: 0 };
  const m =
    /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?(?:\.\d+)?\s*(am|pm|a\.m\.|p\.m\.)?\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?$/.exec(
      t,
    );
  if (!m || (m[2] === undefined && !m[4])) return null;
  let hour = Number(m[1]);
  const meridiem = m[4]?.replace(/\./g, '');
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  const minute = Number(m[2] ?? 0);
  const second = Number(m[3] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offset: number | undefined;
  if (m[5]) {
    const o = /^([+-])(\d{2}):?(\d{2})$/.exec(m[5]);
    offset = o ? (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3])) : 0;
  }
  return { hour, minute, second, ...(offset === undefined ? {} : { offset }) };
}

const monthIndex = (name: string) =>
  name.length < 3 ? 0 : MONTHS.findIndex((m) => m.toLowerCase().startsWith(name)) + 1;

/** Splits "<date> <time>" into year-month-day and the time text; null if no date is recognised. */
function parseDatePart(
  text: string,
  today: WallClock,
): { year: number; month: number; day: number; rest: string } | null {
  const rel = /^(today|tomorrow|yesterday)\b(.*)$/.exec(text);
  if (rel) {
    const shift = rel[1] === 'tomorrow' ? 1 : rel[1] === 'yesterday' ? -1 : 0;
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + shift));
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      rest: rel[2]!,
    };
  }
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:t|\s+|$)(.*)$/.exec(text);
  if (iso) return { year: +iso[1]!, month: +iso[2]!, day: +iso[3]!, rest: iso[4]! };
  const dayFirst =
    /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3,9})\.?,?(?:\s+(\d{4}))?(?:,?\s+|$)(.*)$/.exec(
      text,
    );
  if (dayFirst && monthIndex(dayFirst[2]!)) {
    const year = dayFirst[3] ? +dayFirst[3] : today.year;
    return { year, month: monthIndex(dayFirst[2]!), day: +dayFirst[1]!, rest: dayFirst[4]! };
  }
  const monthFirst =
    /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?(?:\s+(\d{4}))?(?:,?\s+|$)(.*)$/.exec(text);
  if (monthFirst && monthIndex(monthFirst[1]!)) {
    const year = monthFirst[3] ? +monthFirst[3] : today.year;
    return { year, month: monthIndex(monthFirst[1]!), day: +monthFirst[2]!, rest: monthFirst[4]! };
  }
  return null;
}

/** A few fixed-date holidays, at their next occurrence: "christmas" → "25 december 2025". */
function holiday(text: string, today: WallClock): string {
  const m =
    /^(christmas eve|christmas day|christmas|new year'?s eve|new year'?s day|new year)\b(.*)$/.exec(
      text,
    );
  if (!m) return text;
  const name = m[1]!;
  const [month, day] = name.startsWith('christmas')
    ? [12, name === 'christmas eve' ? 24 : 25]
    : name.endsWith('eve')
      ? [12, 31]
      : [1, 1];
  const passed = today.month > month || (today.month === month && today.day > day);
  return `${day} ${MONTHS[month - 1]!.toLowerCase()} ${today.year + (passed ? 1 : 0)}${m[2]}`;
}

/**
 * Reads "now", "today 9am", "2025-03-01 14:30", "1 March 2025", "March 1, 2025 2pm",
 * "09:00" (today) — as wall-clock time in `zone` unless it carries Z or an offset.
 */
export function parseDateTime(input: unknown, now: Date, zone = 'UTC'): Date {
  let text = (typeof input === 'string' ? input : '')
    .toLowerCase()
    .replace(/[?.!]+$/, '')
    .replace(/\b(?:at|on|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const fail = () =>
    new ToolError(
      `Could not read "${String(input ?? '')}" as a date and time (try 2025-03-01 14:30 or 1 March 2025 2pm)`,
    );
  if (!text) throw fail();
  if (text === 'now' || text === 'right now') return now;
  const today = wallClock(now, zone);
  text = holiday(text, today);
  const date = parseDatePart(text, today) ?? { ...today, rest: text };
  const time = parseTime(date.rest.replace(/^,/, ''));
  if (!time) throw fail();
  const w: WallClock = { year: date.year, month: date.month, day: date.day, ...time };
  const check = new Date(Date.UTC(w.year, w.month - 1, w.day));
  if (check.getUTCMonth() !== w.month - 1 || check.getUTCDate() !== w.day) throw fail();
  if (time.offset !== undefined) return new Date(wallMs(w) - time.offset * 60000);
  return zonedToInstant(w, zone);
}

/** Days, hours and minutes from one instant to another (negative when `to` is earlier). */
export function difference(from: Date, to: Date) {
  const ms = to.getTime() - from.getTime();
  const sign = ms < 0 ? -1 : 1;
  const totalMinutes = Math.floor(Math.abs(ms) / 60000);
  return {
    sign,
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    totalDays: (sign * Math.round((totalMinutes / 1440) * 100)) / 100,
    totalHours: (sign * Math.round((totalMinutes / 60) * 100)) / 100,
    totalMinutes: sign * totalMinutes,
  };
}

const provider = toolProviderDefinitions.find((p) => p.name === 'date_and_time')!;
function describeTool(name: string) {
  const tool = provider.tools.find((t) => t.name === name)!;
  return { name: tool.name, provider: provider.name, description: tool.description };
}

const zoneParam = (description: string) => ({ type: 'string', description });

function nowTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const at = describeInstant(ctx.now, zone);
  return { output: `${at.text} in ${zone} (${at.offset})`, value: at };
}

function convertTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const from = resolveTimeZone(args.from);
  const to = resolveTimeZone(args.to);
  const instant = parseDateTime(args.datetime, ctx.now, from);
  const a = describeInstant(instant, from);
  const b = describeInstant(instant, to);
  return {
    output: `${a.text} in ${from} (${a.offset}) is ${b.text} in ${to} (${b.offset})`,
    value: { from: a, to: b },
  };
}

function differenceTool(args: Record<string, unknown>, ctx: ToolContext): ToolResult {
  const zone = resolveTimeZone(args.timezone);
  const from = parseDateTime(args.from, ctx.now, zone);
  const to = parseDateTime(args.to, ctx.now, zone);
  const d = difference(from, to);
  const a = describeInstant(from, zone);
  const b = describeInstant(to, zone);
  const span = `${d.days} days, ${d.hours} hours, ${d.minutes} minutes`;
  const direction = d.sign < 0 ? ' (the second date is earlier)' : '';
  return {
    output:
      `From ${a.text} to ${b.text} (${zone}): ${span}${direction}; ` +
      `in total ${d.totalDays} days = ${d.totalHours} hours = ${d.totalMinutes} minutes`,
    value: { from: a, to: b, ...d },
  };
}

export function datetimeTools(): Tool[] {
  return [
    {
      ...describeTool('datetime_now'),
      parameters: {
        type: 'object',
        properties: { timezone: zoneParam('IANA id (Asia/Tokyo) or city name (Tokyo)') },
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
            description: 'e.g. "2025-03-01 09:00", "9am", "tomorrow 14:30"',
          },
          from: zoneParam('time zone the datetime is in'),
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
          to: { type: 'string', description: 'e.g. "2025-12-25"' },
          timezone: zoneParam('optional; time zone of dates without an offset (default UTC)'),
        },
        required: ['from', 'to'],
      },
      run: async (args, ctx) => differenceTool(args, ctx),
    },
  ];
}
