import { NUMBER_WORDS } from './numberWords';
import { trimEnd } from '../trimEnd';
import { readMoment } from '../../tools';
import { TWO_QUESTIONS } from './several';
import type { PartialReading, Reader, Reading, ToolTask } from './types';
import { zoneNamed } from './zones';

/**
 * Date arithmetic questions: "what date is 90 days from today", "45 days
 * before March 3, 2027", "2 weeks after next Friday", "add 3 months to 31
 * January", "days between 1 March and 25 December", "how long until
 * Christmas", "business days between …", "10 working days after …",
 * "what day of the week was 4 July 1776", "how old is someone born on 12
 * March 1990", "what's the date next Friday". Each date is checked with the
 * tools' own reader (chrono-node), so a question is routed only when every
 * date in it can be read; otherwise it is a PartialReading that says which.
 */

const AMOUNT = String.raw`(\d[\d,]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a hundred|hundred)`;
const UNIT = String.raw`(business days?|working days?|work days?|weekdays?|days?|weeks?|fortnights?|months?|years?|hours?|minutes?)`;
const SPAN = new RegExp(`\\b${AMOUNT}\\s+${UNIT}\\b`, 'gi');

type ShiftUnit = 'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes' | 'business_days';

function unitOf(word: string): { unit: ShiftUnit; times: number } {
  const w = word.toLowerCase();
  if (/^(?:business|working|work) days?$|^weekdays?$/.test(w))
    return { unit: 'business_days', times: 1 };
  if (w.startsWith('fortnight')) return { unit: 'weeks', times: 2 };
  const base = w.replace(/s$/, '');
  return { unit: `${base}s` as ShiftUnit, times: 1 };
}

function amountOf(word: string): number {
  const w = word.toLowerCase().replace(/,/g, '');
  return w === 'a hundred' ? 100 : (NUMBER_WORDS[w] ?? Number(w));
}

const time = (task: ToolTask): Reading => ({ kind: 'reading', domain: 'time', task });
const partial = (understood: string, missing: string): PartialReading => ({
  kind: 'partial',
  domain: 'time',
  understood,
  missing,
});

function readable(text: string, now: Date): boolean {
  try {
    readMoment(text, now);
    return true;
  } catch {
    return false;
  }
}

/**
 * The readable date in a phrase: the phrase itself, or the date after a
 * comma or "on" that a description leads up to ("my birthday, 12 June 1995",
 * "the launch on 3 March 2027"). Null when none reads.
 */
function dateIn(phrase: string, now: Date): string | null {
  const text = dateText(phrase);
  const year = /\b(?:this|next|last) year\b/i.exec(text)?.[0];
  if (year && !/\d{4}/.test(text)) {
    const bare = text.replace(year, ' ').replace(/\s+/g, ' ');
    const date = dateIn(bare, now);
    if (date && readable(`${date} ${year}`, now)) return `${date} ${year}`;
  }
  const candidates = [
    text,
    text.split(/,\s*/).at(-1)!,
    /\b(?:on|of)\s+(.+)$/i.exec(text)?.[1] ?? '',
  ];
  for (const c of candidates.map(dateText)) if (c && readable(c, now)) return c;
  return null;
}

/**
 * A month and day without a year asked about in the past ("what day was July
 * 4", "days since Christmas"): its latest occurrence up to today, with the
 * year written out. Other texts are returned as they are.
 */
function lastOccurrence(phrase: string, now: Date): string {
  const text = dateIn(phrase, now) ?? phrase;
  if (/\b\d{4}\b/.test(text) || !readable(text, now)) return text;
  const words = text.toLowerCase();
  const yearless =
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|christmas|xmas|new year|halloween|valentine|thanksgiving|boxing day|patrick/.test(
      words,
    ) && !/\b(?:next|last|this|ago|in|from|after|before)\b/.test(words);
  if (!yearless) return text;
  const at = readMoment(text, now).at;
  const today = readMoment('today', now).at;
  return at > today ? at.minus({ years: 1 }).toFormat('d LLLL yyyy') : text;
}

const YEAR = /\b\d{4}\b/;
const MONTH_WORD = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/**
 * "from Jan 15 to Mar 1 2027": the date without a year takes the other's
 * (the year before when that would put it after the other date).
 */
function sharedYear(a: string, b: string, now: Date): [string, string] {
  const lend = (bare: string, full: string, bareFirst: boolean): string => {
    if (YEAR.test(bare) || !MONTH_WORD.test(bare) || !YEAR.test(full)) return bare;
    const year = Number(YEAR.exec(full)![0]);
    const other = readMoment(full, now).at;
    for (const y of bareFirst ? [year, year - 1] : [year, year + 1]) {
      const text = `${bare} ${y}`;
      if (!readable(text, now)) return bare;
      const at = readMoment(text, now).at;
      if (bareFirst ? at <= other : at >= other) return text;
    }
    return bare;
  };
  return [lend(a, b, true), lend(b, a, false)];
}

/** Looks like it names a date, readable or not: a digit, a month, a weekday or a holiday. */
function dateish(text: string): boolean {
  return /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|\b(?:today|tomorrow|yesterday|now|christmas|xmas|new year|easter|halloween|thanksgiving|valentine)/i.test(
    text,
  );
}

/** Money, rates and measures: a span of years in such a question is a term, not a date shift. */
const NOT_A_DATE =
  /[$€£¥%]|\b(?:percent|interest|rate|worth|invest\w*|loan|mortgage|salary|price\w*|cost\w*|pay\w*|sell\w*|units|profit|revenue|break even|convert|km|miles|kg|per)\b/i;

/** Trims the words around a date: "is", "the date", "fall on", trailing "?". */
function dateText(text: string): string {
  return trimEnd(text, '?!.')
    .replace(
      /^\s*(?:,\s*)?(?:is|was|will be|be|falls?|fell|on|the date of|the date|of|it)\b\s*/gi,
      '',
    )
    .replace(/^\s*(?:is|was|will be|be|falls?|fell|on|of|it)\b\s*/gi, '')
    .replace(/\s+(?:fall|fell|falls|land|lands|be|was|is|come)(?:\s+on)?$/i, '')
    .replace(/\s+(?:going to be|gonna be)$/i, '')
    .trim();
}

/** "90 days", "1 year and 2 months" at `index` in the question → the signed amounts. */
function spansAt(
  q: string,
): { amounts: Partial<Record<ShiftUnit, number>>; start: number; end: number } | null {
  const found = [...q.matchAll(SPAN)];
  if (!found.length) return null;
  const first = found[0]!;
  const amounts: Partial<Record<ShiftUnit, number>> = {};
  let end = first.index + first[0].length;
  for (const [i, m] of found.entries()) {
    if (i > 0 && !/^\s*(?:,|and|,\s*and|plus)?\s*$/i.test(q.slice(end, m.index))) break;
    const { unit, times } = unitOf(m[2]!);
    amounts[unit] = (amounts[unit] ?? 0) + amountOf(m[1]!) * times;
    end = m.index + m[0].length;
  }
  return { amounts, start: first.index, end };
}

const signed = (amounts: Partial<Record<ShiftUnit, number>>, sign: number) =>
  Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, v * sign]));

/** "…, what date is that" / "In 3 weeks, what's the date": the asking clause around the date. */
const ASKING =
  /(?:^|,?\s+)(?:what(?:'s| is| was| will be)? (?:the|that) (?:date|day)|what (?:date|day) (?:is|was|will be) (?:that|it)|which (?:date|day) is that)$/i;

function shiftReading(question: string, now: Date): Reading | PartialReading | null {
  const q = question.replace(ASKING, '').trim() || question;
  const add = /\b(add|plus|subtract|minus|take away|take)\b/i.exec(q);
  const span = spansAt(q);
  if (!span || NOT_A_DATE.test(q)) return null;
  const after = q.slice(span.end);
  const before = q.slice(0, span.start);
  const understood = 'a date moved by a number of days, weeks, months or years';
  // "1.5 years", "half a year": a fraction the span does not carry — say so rather than round it.
  if (
    /(?:\d[.,]|\bhalf(?: of)?|\bquarter(?: of)?|\/)\s*$/i.test(before) &&
    /\b(?:from now|from today|ago|after|before|later|date|when)\b/i.test(q)
  ) {
    return partial(
      understood,
      'I can only move a date by whole numbers of days, weeks, months or years',
    );
  }
  // "days in 3 years", "how many weeks in 98 days": a conversion between units, not a date.
  if (/\b(?:days|weeks|months|years|hours|minutes|seconds)\b|\bhow (?:many|much)\b/i.test(before)) {
    return null;
  }
  // Numbers before the span that are no date belong to another question ("the average of 3, 5
  // and 10, and the date 45 days after …"): leave the message to be split.
  const otherNumbers = /\d/.test(before) && !add && !/(?:\+|-|plus|minus)\s*$/i.test(before);
  if (otherNumbers) return null;
  const clockUnits = Boolean(span.amounts.hours || span.amounts.minutes);
  const reading = (sign: number, date: string) => {
    const given = dateText(date) || 'today';
    const found = dateIn(given, now);
    if (!found) {
      return dateish(given) ? partial(understood, `I could not read "${given}" as a date`) : null;
    }
    const text = clockUnits && found === 'today' ? 'now' : found;
    // "What time is it in Tokyo in 3 hours": hours and minutes are moved on that zone's clock.
    const zone = clockUnits ? zoneNamed(q) : null;
    return time({
      tool: 'datetime_shift',
      args: { date: text, ...signed(span.amounts, sign), ...(zone ? { timezone: zone } : {}) },
    });
  };
  if (
    /^\s*(?:from (?:now|today)|from this day|later|hence|(?:'s|’s)? time|on)?\s*$/i.test(after) &&
    /\bin\s*$/i.test(before) &&
    !/\bhow (?:many|much)\b/i.test(before)
  ) {
    return reading(1, 'today');
  }
  if (/^\s*(?:from (?:now|today)|hence|later|after today|from this day)\b/i.test(after))
    return reading(1, 'today');
  if (/^\s*(?:ago|before today|back|earlier)\b/i.test(after)) return reading(-1, 'today');
  const rel =
    /^\s*(after|from|following|past|since|before|prior to|earlier than|until|ahead of|to|from)\s+(.+)$/i.exec(
      after,
    );
  if (add && add.index < span.start) {
    const minus = /subtract|minus|take/i.test(add[1]!);
    const target = /^\s*(?:to|from|off)\s+(.+)$/i.exec(after);
    if (target) return reading(minus ? -1 : 1, target[1]!);
    const lead = /^(?:what(?:'s| is)?\s+)?(.+?)\s+(?:plus|minus|\+|-)\s*$/i.exec(
      before.replace(/^.*?\b(?:is|was)\s+/i, ''),
    );
    if (lead) return reading(minus ? -1 : 1, lead[1]!);
  }
  if (rel) {
    const word = rel[1]!.toLowerCase();
    if (word === 'since' || word === 'until' || word === 'to') return null;
    const back = /^(?:before|prior to|earlier than|ahead of)$/.test(word);
    return reading(back ? -1 : 1, rel[2]!);
  }
  const plus = /(.+?)\s*(\+|-|plus|minus)\s*$/i.exec(before);
  if (plus) {
    const base = plus[1]!.replace(/^.*?\b(?:is|was)\s+/i, '');
    return reading(/-|minus/i.test(plus[2]!) ? -1 : 1, base);
  }
  if (/\b(?:what|which)\s+(?:date|day)\b|\bwhen\b/i.test(before)) {
    return partial(understood, 'I could not tell which date to count from, or in which direction');
  }
  return null;
}

/** "inclusive", "including both dates": both end dates count. */
const INCLUSIVE =
  /,?\s*\(?\b(?:inclusive|inclusively|including both(?: (?:days|dates|ends))?|both (?:days|dates|ends) (?:included|inclusive|counted))\b\)?/i;

const BETWEEN = /\b(?:between|from)\s+(.+?)\s+(?:and|to|until|till|through|thru)\s+(.+)$/i;

function differenceReading(q: string, now: Date): Reading | PartialReading | null {
  if (/\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekends\b/i.test(q)) {
    return partial(
      'a count of one weekday between dates',
      'I can count days, weeks and business days, not a single weekday',
    );
  }
  const unitWord =
    /\b(business days|working days|work days|weekdays|days|weeks|months|years|hours|minutes)\b/i
      .exec(q)?.[1]
      ?.toLowerCase();
  const business = Boolean(unitWord && /business|working|work days|weekdays/.test(unitWord));
  const asksCount =
    /\b(?:how (?:many|long|much time)|number of|count|days?|weeks?|months?|years?)\b/i.test(q);
  if (!asksCount) return null;
  const understood = business
    ? 'the business days between two dates'
    : 'the time between two dates';
  const inclusive = INCLUSIVE.test(q);
  const task = (from: string, to: string): Reading | PartialReading | null => {
    const ends = [from, to].map((d) => dateText(d.replace(INCLUSIVE, '')));
    const read = ends.map((d) => dateIn(d, now));
    for (const [i, d] of ends.entries()) {
      if (read[i]) continue;
      return dateish(d) && !NOT_A_DATE.test(q)
        ? partial(understood, `I could not read "${d}" as a date`)
        : null;
    }
    const [a, b] = sharedYear(read[0]!, read[1]!, now);
    const both = inclusive ? { inclusive: true } : {};
    if (business) {
      return time({ tool: 'datetime_business_days', args: { from: a, to: b, ...both } });
    }
    const unit = unitWord && /^(?:weeks|months|years)$/.test(unitWord) ? unitWord : undefined;
    return time({
      tool: 'datetime_difference',
      args: { from: a, to: b, ...(unit ? { unit } : {}), ...both },
    });
  };
  // Numbers before the dates belong to another question: leave the message to be split.
  const numbersBefore = (index: number) => /\d/.test(q.slice(0, index));
  const between = BETWEEN.exec(q);
  if (between && numbersBefore(between.index)) return null;
  if (
    between &&
    /\b(?:how|number|count|days?|weeks?|months?|years?|long)\b/i.test(q.slice(0, between.index))
  ) {
    return task(between[1]!, between[2]!);
  }
  const until = /\b(?:until|till|til|before|to)\s+(.+)$/i.exec(q);
  if (until && numbersBefore(until.index)) return null;
  if (
    until &&
    /\b(?:how long|how much time|days?|weeks?|months?|years?|left|remain)/i.test(
      q.slice(0, until.index),
    )
  ) {
    return task(
      'now',
      until[1]!.replace(/\s+(?:from (?:now|today)|is it|are (?:there|left))$/i, ''),
    );
  }
  const since = /\b(?:since|ago was|ago did)\s+(.+)$/i.exec(q);
  if (since && numbersBefore(since.index)) return null;
  if (since && /\b(?:how (?:many|long|much time)|days?|weeks?)/i.test(q.slice(0, since.index))) {
    return task(lastOccurrence(since[1]!, now), 'now');
  }
  const ago = /\bhow long ago (?:was|is|did)\s+(.+)$/i.exec(q);
  if (ago) return task(lastOccurrence(ago[1]!, now), 'now');
  return null;
}

function ageReading(q: string, now: Date): Reading | PartialReading | null {
  if (!/\b(?:how old|age|born|birthday|birth date|date of birth|dob)\b/i.test(q)) return null;
  if (!/\b(?:how old|age|(?:years|months|weeks|days) old)\b/i.test(q)) return null;
  const born =
    /\b(?:born(?:\s+on|\s+in)?|birth ?date(?:\s+is|\s+of)?|date of birth(?:\s+is|\s+of)?|dob(?:\s+is|:)?|birthday(?:\s+is|\s+of)?)\s+(.+?)(?:[,;](?!\s*\d{4})|\s+(?:how old|what(?:'s| is)|be\b|on\b|as of\b|by\b|in\b(?=\s+\d{4}\s*$))|[?.!]?$)/i.exec(
      q,
    );
  const understood = 'an age from a birth date';
  if (!born) return partial(understood, 'I could not find the birth date');
  const birth = dateText(born[1]!);
  if (!readable(birth, now) || !/\d{4}/.test(birth)) {
    return partial(understood, `I could not read "${birth}" as a birth date with its year`);
  }
  const unitOld = /\bhow many (days|weeks|months)(?: old)?\b|\bage in (days|weeks|months)\b/i.exec(
    q,
  );
  if (unitOld) {
    return time({
      tool: 'datetime_difference',
      args: {
        from: birth,
        to: 'today',
        ...(/days/i.test(unitOld[0]) ? {} : { unit: (unitOld[1] ?? unitOld[2])!.toLowerCase() }),
      },
    });
  }
  const on = /\b(?:on|as of|by)\s+([^,?]+?)\s*(?:if|when|,|\?|$)/i.exec(
    q.slice(born.index + born[0].length),
  );
  const args: Record<string, unknown> = { birth_date: birth };
  if (on && readable(dateText(on[1]!), now)) args.on = dateText(on[1]!);
  return time({ tool: 'datetime_age', args });
}

const WEEKDAY_Q =
  /^(?:(?:so|and|ok),?\s+)?(?:on\s+)?(?:what|which)\s+(?:day of the week|weekday|day)\s+(?:is|was|will|does|did|do|falls?|would|it)?\b\s*(.*)$/i;

function weekdayReading(q: string, now: Date): Reading | PartialReading | null {
  const m =
    WEEKDAY_Q.exec(q) ??
    /^(?:what(?:'s| is| was)?\s+)?(?:the\s+)?(?:day of the week|weekday)\s+(?:of|for|on)\s+(.*)$/i.exec(
      q,
    );
  // "Was 1 January 2000 a Saturday?": the weekday itself answers it.
  const check =
    /^(?:was|is|will|does|did)\s+(.+?)\s+(?:be\s+|fall\s+on\s+|land\s+on\s+)?(?:a|an|on a)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i.exec(
      q,
    );
  if (!m && !check) return null;
  const text = dateText(
    (m ? m[1]! : check![1]!).replace(/^\s*(?:it\s+)?(?:be\s+)?(?:on\s+)?/i, ''),
  );
  if (!text || /^(?:it|today)$/i.test(text))
    return time({ tool: 'datetime_weekday', args: { date: 'today' } });
  const found = dateIn(text, now);
  const past = /^(?:on\s+)?(?:what|which)\b.*?\b(?:was|did)\b|^was\b/i.test(q);
  if (found) {
    return time({
      tool: 'datetime_weekday',
      args: { date: past ? lastOccurrence(found, now) : found },
    });
  }
  if (!readable(text, now)) {
    return dateish(text)
      ? partial('the day of the week of a date', `I could not read "${text}" as a date`)
      : null;
  }
  return time({ tool: 'datetime_weekday', args: { date: text } });
}

/** "what's the date next Friday", "what date is tomorrow", "when is next Friday", "today's date". */
function dateOfReading(q: string, now: Date): Reading | PartialReading | null {
  if (
    /^(?:what(?:'s| is)?\s+)?(?:today'?s date|the date today|the date)$|^(?:what(?:'s| is)\s+)?(?:the\s+)?(tomorrow|yesterday)'?s date$|^what(?:'s| is) today$|^what day is (?:it|today)(?: today)?$/i.test(
      q,
    )
  ) {
    const other = /\b(tomorrow|yesterday)\b/i.exec(q)?.[1];
    return time({ tool: 'datetime_weekday', args: { date: other?.toLowerCase() ?? 'today' } });
  }
  const m =
    /^(?:what(?:'s| is| was| will be)?|which)\s+(?:the\s+)?(?:date|day)\s+(?:is\s+|was\s+|will\s+be\s+|of\s+)?(?:it\s+)?(.+)$/i.exec(
      q,
    ) ??
    /^when(?:'s| is| was)\s+(.+)$/i.exec(q) ??
    /^what(?:'s| is)\s+(.+?)(?:'s|’s)\s+date$/i.exec(q);
  if (!m) return null;
  const text = dateText(m[1]!);
  if (!text || !readable(text, now)) return null;
  return time({ tool: 'datetime_weekday', args: { date: text } });
}

export const dateReader: Reader = (question, now) => {
  const q = trimEnd(question.trim(), '?!.').replace(/\s+/g, ' ');
  if (TWO_QUESTIONS.test(q)) return null;
  return (
    ageReading(q, now) ??
    shiftReading(q, now) ??
    differenceReading(q, now) ??
    weekdayReading(q, now) ??
    dateOfReading(q, now)
  );
};
