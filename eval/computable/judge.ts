/**
 * Reads an expert's answer the way a person skims it: the first bold span of
 * each answered part is the answer. It is right when its first number (or
 * date, weekday, time) is the expected one, wrong when it says something
 * else, and unanswered when there is no bold at all (an honest "I could not
 * read that" is not wrong).
 */

export type Expect =
  /**
   * The first number of the headline, shown to the precision it claims, and
   * `unit` in the headline. `abs`: a decrease may be said as "-15%" or "15 %
   * decrease". `approx`: a relative tolerance instead of the display's
   * rounding (for questions with two accepted answers, e.g. the rule of 72).
   */
  | { number: number; unit?: RegExp; abs?: boolean; approx?: number }
  /** The headline's numbers, in any order (the roots of a quadratic). */
  | { roots: number[] }
  /** Each of these numbers appears in the headline (the shares of a split). */
  | { all: number[] }
  /** Any of these readings of an ambiguous question ("next Friday"). */
  | { oneOf: Expect[] }
  /** `x = 6, y = 4`: each unknown's value. */
  | { values: Record<string, number> }
  /** The first date in the headline (YYYY-MM-DD). */
  | { date: string }
  /** The first weekday named in the headline. */
  | { weekday: string }
  /** The first time of day in the headline (HH:MM, 24-hour) and, if given, its date. */
  | { time: string; date?: string }
  /** Words the headline must contain. */
  | { text: RegExp };

export type Verdict = 'right' | 'wrong' | 'unanswered';

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
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const NUMBER = /(-|−)?\s?[$€£¥]?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+(?:e[+-]?\d+)?)/gi;

export function numbersIn(text: string): { value: number; decimals: number }[] {
  const plain = text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ');
  return [...plain.matchAll(NUMBER)].map((m) => {
    const digits = m[2]!.replace(/,/g, '');
    const mantissa = digits.split(/e/i)[0]!;
    const decimals = mantissa.includes('.') ? mantissa.split('.')[1]!.length : 0;
    const exponent = /e([+-]?\d+)/i.exec(digits);
    return {
      value: (m[1] ? -1 : 1) * Number(digits),
      decimals: exponent ? Math.max(0, decimals - Number(exponent[1])) : decimals,
    };
  });
}

/** Shown as `shown` with its decimals, is it `expected` (within the display's rounding and 0.5 %)? */
export function sameNumber(shown: { value: number; decimals: number }, expected: number): boolean {
  const diff = Math.abs(shown.value - expected);
  const rounding = 0.5 * 10 ** -shown.decimals + 1e-9;
  // A millionth apart is the same quantity (the US survey acre and the international one).
  const close = diff <= rounding || diff <= 1e-6 * Math.abs(expected);
  return close && diff <= Math.max(0.005 * Math.abs(expected), 1e-9);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every date written in the text, as YYYY-MM-DD, in order. */
export function datesIn(text: string): string[] {
  const found: { at: number; iso: string }[] = [];
  const month = (name: string) =>
    MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    found.push({ at: m.index, iso: `${m[1]}-${m[2]}-${m[3]}` });
  }
  for (const m of text.matchAll(
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/g,
  )) {
    if (month(m[2]!) > 0)
      found.push({ at: m.index, iso: `${m[3]}-${pad(month(m[2]!))}-${pad(Number(m[1]))}` });
  }
  for (const m of text.matchAll(
    /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/g,
  )) {
    if (month(m[1]!) > 0)
      found.push({ at: m.index, iso: `${m[3]}-${pad(month(m[1]!))}-${pad(Number(m[2]))}` });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.iso);
}

/** The first time of day written in the text, as HH:MM (24-hour). */
export function timeIn(text: string): string | null {
  const m =
    /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/i.exec(text) ??
    /\b(\d{1,2}):(\d{2})\b/.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (m[3]) {
    const pm = m[3].toLowerCase() === 'p';
    if (hour === 12) hour = pm ? 12 : 0;
    else if (pm) hour += 12;
  }
  return `${pad(hour)}:${pad(minute)}`;
}

function weekdayIn(text: string): string | null {
  const m = new RegExp(`\\b(${WEEKDAYS.join('|')})\\b`, 'i').exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** Is this headline (the bold text, without the asterisks) the expected answer? */
export function matches(headline: string, expect: Expect): boolean {
  if ('oneOf' in expect) return expect.oneOf.some((e) => matches(headline, e));
  if ('number' in expect) {
    const first = numbersIn(headline)[0];
    if (!first) return false;
    // `abs`: the size of the change counts, on both sides ("−4%", "4% decrease").
    const shown = expect.abs ? { ...first, value: Math.abs(first.value) } : first;
    const wanted = expect.abs ? Math.abs(expect.number) : expect.number;
    const close = expect.approx
      ? Math.abs(shown.value - wanted) <= expect.approx * Math.abs(wanted)
      : sameNumber(shown, wanted);
    return close && (!expect.unit || expect.unit.test(headline));
  }
  if ('all' in expect) {
    const shown = numbersIn(headline);
    return expect.all.every((n) => shown.some((s) => sameNumber(s, n)));
  }
  if ('roots' in expect) {
    const shown = numbersIn(headline);
    if (shown.length !== expect.roots.length) return false;
    const left = [...shown];
    return expect.roots.every((r) => {
      const i = left.findIndex((s) => sameNumber(s, r));
      return i >= 0 && left.splice(i, 1).length === 1;
    });
  }
  if ('values' in expect) {
    return Object.entries(expect.values).every(([name, value]) => {
      const m = new RegExp(`\\b${name}\\s*=\\s*([-−]?[\\d.,]+)`).exec(headline);
      const shown = m ? numbersIn(m[1]!)[0] : undefined;
      return !!shown && sameNumber(shown, value);
    });
  }
  if ('date' in expect && !('time' in expect)) return datesIn(headline)[0] === expect.date;
  if ('weekday' in expect) return weekdayIn(headline) === expect.weekday.toLowerCase();
  if ('time' in expect) {
    if (timeIn(headline) !== expect.time) return false;
    return !expect.date || datesIn(headline)[0] === expect.date;
  }
  return expect.text.test(headline);
}

/**
 * An answer cut into the parts it answers: "_2. …_" lines start part 2
 * (answerParts.ts); an answer without them answers part 1.
 */
export function sections(answer: string): Map<number, string> {
  const out = new Map<number, string>();
  const marks = [...answer.matchAll(/^_(\d+)\. .*_$/gm)];
  if (!marks.length) return out.set(1, answer);
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.index : answer.length;
    out.set(Number(m[1]), answer.slice(m.index + m[0].length, end));
  });
  return out;
}

export function headline(section: string): string | null {
  const m = /\*\*([^*]+?)\*\*/.exec(section);
  return m ? m[1]!.trim() : null;
}

export interface Judgement {
  verdict: Verdict;
  /** For a wrong answer: who said what, for the report. */
  said?: string;
}

/**
 * The verdict on one question from every expert's final answer: right when
 * each part has a right headline from someone and nobody's headline is wrong.
 */
export function judge(answers: { name: string; text: string }[], expected: Expect[]): Judgement {
  const right = new Set<number>();
  for (const { name, text } of answers) {
    for (const [part, section] of sections(text)) {
      const said = headline(section);
      if (said === null) continue;
      const expect = expected[part - 1];
      if (!expect || !matches(said, expect)) {
        return { verdict: 'wrong', said: `${name} (part ${part}): ${said}` };
      }
      right.add(part);
    }
  }
  return { verdict: right.size === expected.length ? 'right' : 'unanswered' };
}
