import { trimEnd } from '../trimEnd';
import * as chrono from 'chrono-node/en';
import { findTimeZone, isZoneAbbreviation, readMoment, spellDates } from '../../tools';
import { TWO_QUESTIONS } from './several';
import type { PartialReading, Reader, Reading } from './types';

/**
 * Time-zone questions: "what time is it in Tokyo when it's 3pm in London (on
 * July 4)", "3pm London time in Tokyo", "9:30am EST to CET", "meeting at 10am
 * PT on March 15, what time in Berlin", "current time in Sydney", "time
 * difference between Tokyo and London". The zone names are found where
 * people put them (after in/to/from/for, before "time", abbreviations), the
 * clock time beside its zone is the source, the other zone the target; the
 * date, if any, goes with the time so daylight saving is that date's.
 */

interface ZoneSpan {
  start: number;
  end: number;
  name: string;
  zone: string;
  prep: string;
}

const MONTH_OR_DAY =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday';
/** Words that never begin a place name here (so "in the morning", "at noon", "in my time" stay words). */
const NOT_A_PLACE = new RegExp(
  `^(?:${MONTH_OR_DAY}|what|whats|time|times|is|it|its|the|a|an|my|your|our|their|his|her|local|same|that|this|which|when|if|then|there|here|be|will|would|meeting|call|noon|midday|midnight|morning|afternoon|evening|night|today|tomorrow|yesterday|now|and|or|of|on|at|in|to|from|for|someone|somebody|me|us|them|you|him|am|pm|order|total|advance|hours?|minutes?|days?|weeks?|years?|zone|zones|summer|winter|daylight|standard|between|difference|christmas|easter|halloween)$`,
  'i',
);
/** Lower-case abbreviations that are also English words: only taken when written in capitals. */
const WORDLIKE = /^(?:et|ct|mt|pt|west|wet|cat|eat|ast|ict|gst|msk|wat)$/;

const WORD = String.raw`[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.'’-]*`;

function resolvePlace(words: string[]): { name: string; zone: string; used: number } | null {
  if (!words.length || NOT_A_PLACE.test(words[0]!.replace(/[.'’]/g, ''))) return null;
  for (let n = Math.min(words.length, 4); n > 0; n--) {
    const name = trimEnd(words.slice(0, n).join(' '), ".,'’");
    if (n === 1 && /^[a-z]{2,5}$/.test(name) && WORDLIKE.test(name)) continue;
    const zone = findTimeZone(name);
    if (zone) return { name, zone, used: n };
  }
  return null;
}

function wordsAt(text: string, from: number): { words: string[]; ends: number[] } {
  const re = new RegExp(`\\s*(${WORD})`, 'y');
  const words: string[] = [];
  const ends: number[] = [];
  re.lastIndex = from;
  for (let m = re.exec(text); m && words.length < 4; m = re.exec(text)) {
    words.push(m[1]!);
    ends.push(re.lastIndex);
  }
  return { words, ends };
}

/** The suffix " time" / " time zone" / " standard time" after a zone name belongs to it. */
function absorbSuffix(text: string, end: number): number {
  const m = /^\s+(?:standard |daylight |summer )?(?:time zone|timezone|time)\b/i.exec(
    text.slice(end),
  );
  return m ? end + m[0].length : end;
}

function findZones(text: string): ZoneSpan[] {
  const spans: ZoneSpan[] = [];
  const add = (span: ZoneSpan) => {
    if (spans.some((s) => span.start < s.end && s.start < span.end)) return;
    spans.push(span);
  };
  for (const m of text.matchAll(/\b(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d{2})?/gi)) {
    const zone = findTimeZone(m[0]);
    if (zone) add({ start: m.index, end: m.index + m[0].length, name: m[0], zone, prep: '' });
  }
  for (const m of text.matchAll(
    /(?:\b(in|into|to|from|for|at|between|and|of|vs\.?|versus|is)|(→|->|=>|=))\s*(?:\?\s*)?(?:the\s+)?/gi,
  )) {
    const start = m.index + m[0].length;
    const { words, ends } = wordsAt(text, start);
    const place = resolvePlace(words);
    if (!place) continue;
    const end = absorbSuffix(text, ends[place.used - 1]!);
    add({ start, end, name: place.name, zone: place.zone, prep: (m[1] ?? 'to').toLowerCase() });
  }
  for (const m of text.matchAll(new RegExp(`\\b${WORD}\\b`, 'g'))) {
    const token = m[0];
    if (!isZoneAbbreviation(token)) continue;
    const capitals = token === token.toUpperCase();
    if (!capitals && (token.length < 3 || WORDLIKE.test(token.toLowerCase()))) continue;
    add({
      start: m.index,
      end: absorbSuffix(text, m.index + token.length),
      name: token,
      zone: findTimeZone(token)!,
      prep: '',
    });
  }
  for (const m of text.matchAll(/\btime\b/gi)) {
    const before = text.slice(0, m.index).match(new RegExp(`(?:${WORD}\\s+){1,3}$`));
    if (!before) continue;
    const words = before[0].trim().split(/\s+/);
    for (let n = words.length; n > 0; n--) {
      const place = resolvePlace(words.slice(-n));
      if (place?.used === n) {
        const start = m.index - before[0].length + before[0].lastIndexOf(words.at(-n)!);
        add({ start, end: absorbSuffix(text, start + place.name.length), ...place, prep: '' });
        break;
      }
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

const CLOCK =
  /\b(?:(?:[01]\d|2[0-3])[0-5]\d\s*(?:hours|hrs|h)\b|\d{1,2}(?::[0-5]\d)?\s*(?:a\.?m\.?|p\.?m\.?)(?![a-z])|(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|\d{1,2} o'?clock|noon|midday|midnight)/i;

/** The zone the clock time is in: named right after it ("3pm London", "3pm in London", "9am EST"), or right before it. */
function sourceOf(
  text: string,
  time: { start: number; end: number },
  zones: ZoneSpan[],
  dateText: string,
) {
  const after = zones.find((z) => {
    if (z.start < time.end) return false;
    const gap = text
      .slice(time.end, z.start)
      .toLowerCase()
      .replace(dateText.toLowerCase(), ' ')
      .replace(/\b(?:on|in|from|the|time)\b|,/gi, ' ');
    return !gap.trim();
  });
  if (after) return after;
  const before = [...zones].reverse().find((z) => {
    if (z.end > time.start) return false;
    return !text
      .slice(z.end, time.start)
      .replace(/\b(?:at|is|it's|its|it is)\b|,/gi, ' ')
      .trim();
  });
  return before ?? zones.find((z) => z.prep === 'from') ?? null;
}

/** The date words of the question, spelled as readMoment reads them: "july 4", "march 15 2027". */
function dateWords(text: string, now: Date): string {
  const spelled = spellDates(text, now);
  const dated = chrono
    .parse(spelled, { instant: now, timezone: 0 })
    .filter(
      (r) => r.start.isCertain('day') || r.start.isCertain('weekday') || r.start.isCertain('month'),
    );
  return dated
    .map((r) =>
      r.text
        .replace(CLOCK, '')
        .replace(/^(?:on|the)\s+/i, '')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
}

/** "Auckland 9am", "8am Pacific": a place written right against the clock time, without "in". */
function besideClock(text: string, time: { start: number; end: number }, zones: ZoneSpan[]): void {
  const free = (start: number, end: number) => !zones.some((z) => start < z.end && z.start < end);
  const { words, ends } = wordsAt(text, time.end);
  const after = resolvePlace(words);
  if (after && /^\s/.test(text.slice(time.end))) {
    const start = text.indexOf(words[0]!, time.end);
    const end = absorbSuffix(text, ends[after.used - 1]!);
    if (free(start, end)) zones.push({ start, end, name: after.name, zone: after.zone, prep: '' });
  }
  const before = text.slice(0, time.start).match(new RegExp(`(?:${WORD}\\s+){1,3}$`));
  if (before) {
    const list = before[0].trim().split(/\s+/);
    for (let n = list.length; n > 0; n--) {
      const place = resolvePlace(list.slice(-n));
      if (place?.used !== n) continue;
      const start = time.start - before[0].length + before[0].lastIndexOf(list.at(-n)!);
      const end = start + list.slice(-n).join(' ').length;
      if (free(start, end)) zones.push({ start, end, ...place, prep: '' });
      break;
    }
  }
  zones.sort((a, b) => a.start - b.start);
}

/** The clock time as the tools read it: "1500 hours" → "15:00", spaces tidied. */
function clockText(found: string): string {
  const military = /^(\d{2})(\d{2})\s*(?:hours|hrs|h)$/i.exec(found);
  return military ? `${military[1]}:${military[2]}` : found.replace(/\s+/g, ' ');
}

const partial = (missing: string): PartialReading => ({
  kind: 'partial',
  domain: 'time',
  understood: 'a time in another time zone',
  missing,
});

const ASKS_NOW =
  /\b(?:what(?:'s| is)?\s+(?:the\s+)?(?:current\s+|local\s+|exact\s+)?time|time is it|current(?:\s+local)? time|local time|time (?:right )?now|the time in|time in|time over)\b/i;
const ASKS_GAP =
  /\b(?:time difference|difference in time|hours? (?:ahead|behind)|how (?:far|many hours) (?:ahead|behind)|offset between)\b|\bdifference between\b.*\btime/i;

function blank(text: string, spans: { start: number; end: number }[]): string {
  let out = text;
  for (const s of spans)
    out = out.slice(0, s.start) + ' '.repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

/** The first time zone a question names ("in Tokyo", "EST"), as written; null when none. */
export function zoneNamed(q: string): string | null {
  return findZones(q)[0]?.name ?? null;
}

/** "What time is it in Atlantis": datetime_now says it knows no such zone, rather than a web search. */
function unknownPlace(q: string): Reading | null {
  if (!ASKS_NOW.test(q)) return null;
  const m =
    /\bin\s+([A-Za-z][\w .'/-]*?)(?:\s+(?:right now|now|today|currently|at the moment))?$/i.exec(q);
  if (!m || NOT_A_PLACE.test(m[1]!.split(' ')[0]!)) return null;
  return {
    kind: 'reading',
    domain: 'time',
    task: { tool: 'datetime_now', args: { timezone: m[1] } },
  };
}

export const zoneReader: Reader = (q, now): Reading | PartialReading | null => {
  if (TWO_QUESTIONS.test(q)) return null;
  const zones = findZones(q);
  const clock = CLOCK.exec(blank(q, zones));
  const time = clock ? { start: clock.index, end: clock.index + clock[0].length } : null;
  if (time) besideClock(q, time, zones);
  const distinct = zones.filter(
    (z, i) =>
      zones.findIndex((o) => o.zone === z.zone && o.name.toLowerCase() === z.name.toLowerCase()) ===
      i,
  );
  const timeWords = /\btime\b|\bconvert\b|\bo'?clock\b/i.test(q) || ASKS_GAP.test(q);
  if (!distinct.length) return clock ? null : unknownPlace(q);
  if (!clock && !timeWords) return null;
  if (!clock || !time) {
    if (ASKS_GAP.test(q) && distinct.length >= 2) {
      return {
        kind: 'reading',
        domain: 'time',
        task: {
          tool: 'datetime_zone_difference',
          args: { zone: distinct[0]!.name, other: distinct[1]!.name },
        },
      };
    }
    if (!ASKS_NOW.test(q)) return null;
    // "What time is it in Tokyo in 3 hours": a number that is no clock time is not the current time.
    if (/\d/.test(blank(q, zones))) {
      return partial(
        'it has a number I could not read as a clock time, so I will not give the current time instead',
      );
    }
    // "What time is it in Tokyo and how many days until Christmas": two questions, split by the caller.
    if (/\b(?:and|also|then|but)\b/i.test(q.slice(zones.at(-1)!.end))) return null;
    if (distinct.length > 1)
      return partial(
        'it names several places and no time to convert, so I am not sure which clock you want',
      );
    return {
      kind: 'reading',
      domain: 'time',
      task: { tool: 'datetime_now', args: { timezone: distinct[0]!.name } },
    };
  }
  const rest = blank(q, [...zones, time]);
  const date = dateWords(rest, now);
  if (distinct.length < 2) {
    if (/\b(?:my|local|our|your)\s+time\b/i.test(q) || distinct.length === 1) {
      return timeWords || /\bin\b/i.test(q)
        ? partial(
            'I found only one time zone in it, so I cannot tell which zone to convert from or to',
          )
        : null;
    }
    return null;
  }
  const source = sourceOf(q, time, zones, date);
  if (!source) return partial('I could not tell which zone the time is given in');
  const target =
    zones.find((z) => z !== source && z.zone !== source.zone) ?? zones.find((z) => z !== source);
  if (!target) return partial('I could not tell which zone to convert to');
  const datetime = `${date ? `${date} ` : ''}${clockText(clock[0])}`;
  try {
    readMoment(datetime, now, source.zone);
  } catch {
    return partial(`I could not read "${datetime}" as a date and time`);
  }
  return {
    kind: 'reading',
    domain: 'time',
    task: { tool: 'datetime_convert', args: { datetime, from: source.name, to: target.name } },
  };
};
