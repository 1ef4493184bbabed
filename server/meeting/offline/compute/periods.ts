import { NUMBER_WORDS } from './numberWords';
import { yearsAfter } from './amounts';
import type { Quantity, Scanned } from './amounts';

/** The time words of a finance question: how often interest compounds, the term, how often deposits are made. */

export function compounding(t: string): string | null {
  if (/\bcontinuous(?:ly)?\b/.test(t)) return 'continuously';
  if (/\bdaily\b|\bper day\b|\beach day\b|\bevery day\b/.test(t)) return 'daily';
  if (/\bweekly\b/.test(t)) return 'weekly';
  if (/\bmonthly\b|\bper month\b|\beach month\b|\bevery month\b|\ba month\b/.test(t))
    return 'monthly';
  if (/\bquarterly\b/.test(t)) return 'quarterly';
  if (/\bsemi-?annual(?:ly)?\b|\btwice a year\b|\bhalf-?yearly\b|\bbiannual(?:ly)?\b/.test(t))
    return 'semiannually';
  if (/\bannual(?:ly)?\b|\byearly\b|\bper year\b|\bonce a year\b|\beach year\b|\ba year\b/.test(t))
    return 'annually';
  return null;
}

/** The time span: "for 5 years", "36 months", "a 30-year mortgage", "a decade". */
export function term(
  s: Scanned,
): { span: { years?: number; months?: number }; used: Quantity[] } | null {
  const found = s.quantities.map((q) => ({ q, span: q.kind === 'amount' ? yearsAfter(q) : null }));
  const spans = found.filter((f) => f.span);
  if (spans.length === 1) return { span: spans[0]!.span!, used: [spans[0]!.q] };
  if (spans.length === 0 && /\ba decade\b/.test(s.template))
    return { span: { years: 10 }, used: [] };
  const spelled =
    /\b(?:for|in|over|after|within) (a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty) (year|month)s?\b/.exec(
      s.template,
    );
  if (spans.length === 0 && spelled) {
    const n = NUMBER_WORDS[spelled[1]!]!;
    return { span: spelled[2] === 'year' ? { years: n } : { months: n }, used: [] };
  }
  // "from $2M in 2020 to $3.5M in 2025": the span between two calendar years.
  const calendar = s.quantities.filter(
    (q) =>
      q.kind === 'amount' &&
      !q.currency &&
      Number.isInteger(q.value) &&
      q.value >= 1900 &&
      q.value <= 2100 &&
      /\b(?:in|by|of)\s*$/.test(q.before),
  );
  if (spans.length === 0 && calendar.length === 2 && calendar[1]!.value > calendar[0]!.value) {
    return { span: { years: calendar[1]!.value - calendar[0]!.value }, used: calendar };
  }
  return null;
}

export const PERIOD =
  /^\s*(?:a|per|each|every) (?:month|year|quarter|week)\b|^\s*(?:monthly|annually|yearly|quarterly|weekly)\b/;

/** How often a deposit is made, from the words after it ("$200 a month", "$1,000 every year"). */
export function depositPeriod(words: string): string | null {
  const m =
    /\b(?:a|per|each|every) (month|year|quarter|week)\b|\b(monthly|annually|yearly|quarterly|weekly)\b/.exec(
      words,
    );
  const unit = m?.[1] ?? m?.[2];
  if (!unit) return null;
  if (/^month/.test(unit)) return 'monthly';
  if (/^(?:year|annually|yearly)/.test(unit)) return 'annually';
  if (/^quarter/.test(unit)) return 'quarterly';
  return 'weekly';
}

export function perMonth(rate: Quantity): boolean {
  return /^\s*(?:a|per|each|every) month\b|^\s*monthly (?:interest|rate)\b/.test(rate.after);
}
