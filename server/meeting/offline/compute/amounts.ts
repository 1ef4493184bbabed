/**
 * The numbers of a business question as people write them — "$1.2M",
 * "€1,040", "12.5k", "USD 500", "500 dollars", "4.5%", "4.5 percent" — read
 * into values, and the question rewritten as a template where each amount
 * is `N<i>` and each percentage `P<i>` ("our revenue went from N0 to N1"), so
 * the readers match the shape of the sentence rather than its digits.
 */

export interface Quantity {
  value: number;
  kind: 'amount' | 'percent';
  /** The currency it was written with: "$", "€", "EUR", … */
  currency?: string;
  /** The words just before and after it in the template (for its role: "fixed costs of N0"). */
  before: string;
  after: string;
}

export interface Scanned {
  template: string;
  quantities: Quantity[];
  /** A decimal comma ("4,5 %", "€1.040,00"): the numbers cannot be read with confidence. */
  decimalComma: boolean;
}

const DECIMAL_COMMA = /\d\.\d{3},\d|(?<![\d,])\d{1,3},\d{1,2}(?![\d,])(?!\s*(?:and|or)\b)/;

const CODES = 'usd|eur|gbp|jpy|chf|cad|aud|nzd|inr|cny|sek|nok|dkk';
const NAMES = 'dollars?|bucks|euros?|pounds?(?: sterling)?|quid|yen|rupees?';
const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mil: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const QUANTITY = new RegExp(
  String.raw`(?<![\w.])(?<neg>[-−](?=[$€£¥₹\d.]))?(?<pre>[$€£¥₹]|(?:${CODES})\s?)?\s?` +
    String.raw`(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+)(?![\d,]*\d)` +
    String.raw`(?:\s?(?<scale>k|thousand|million|mil|mn|mm|bn|billion|m|b)(?![a-z]))?` +
    String.raw`(?:\s?(?<pct>%|percent(?![a-z])|per cent(?![a-z])|pct(?![a-z])))?` +
    String.raw`(?:\s?(?<post>(?:${CODES}|${NAMES})(?![a-z])|[$€£¥₹]))?`,
  'gi',
);

function currencyOf(pre?: string, post?: string): string | undefined {
  const c = (pre ?? post)?.trim().toLowerCase();
  if (!c) return undefined;
  if (/^[$€£¥₹]$/.test(c)) return c;
  if (c.length === 3 && CODES.includes(c)) return c.toUpperCase();
  if (/^(?:dollars?|bucks)$/.test(c)) return '$';
  if (/^euros?$/.test(c)) return '€';
  if (/^(?:pounds?|quid)/.test(c)) return '£';
  if (c === 'yen') return '¥';
  return '₹';
}

export function scan(question: string): Scanned {
  const quantities: Quantity[] = [];
  const pieces: string[] = [];
  let last = 0;
  const text = question.replace(/\s+/g, ' ');
  for (const m of text.matchAll(QUANTITY)) {
    const g = m.groups!;
    const currency = currencyOf(g.pre, g.post);
    // "5 m" is metres and "3 b" a letter unless money is meant: the number alone is taken.
    // An upper-case "1.2M" / "3B" is money shorthand even without a currency sign.
    const unscaled = !!g.scale && /^[mb]$/.test(g.scale) && !currency;
    const scale = g.scale && !unscaled ? SCALES[g.scale.toLowerCase()]! : 1;
    let value = Number(g.num!.replace(/,/g, '')) * scale;
    if (g.neg) value = -value;
    const kind = g.pct && !unscaled ? 'percent' : 'amount';
    pieces.push(text.slice(last, m.index).toLowerCase());
    pieces.push(`${kind === 'percent' ? 'P' : 'N'}${quantities.length}`);
    quantities.push({ value, kind, currency, before: '', after: '' });
    last = unscaled ? m.index + m[0].indexOf(g.num!) + g.num!.length : m.index + m[0].length;
  }
  pieces.push(text.slice(last).toLowerCase());
  const template = pieces.join('').replace(/\s+/g, ' ').trim();
  quantities.forEach((q, i) => {
    const at = template.indexOf(`${q.kind === 'percent' ? 'P' : 'N'}${i}`);
    q.before = template.slice(Math.max(0, at - 40), at).replace(/.*[NP]\d+/, '');
    q.after = template.slice(at + String(i).length + 1, at + 40).replace(/[NP]\d+.*/, '');
  });
  return { template, quantities, decimalComma: DECIMAL_COMMA.test(text) };
}

/** The first currency written in the question, if any. */
export function currencyIn(s: Scanned): string | undefined {
  return s.quantities.find((q) => q.currency)?.currency;
}

export function amountsOf(s: Scanned): Quantity[] {
  return s.quantities.filter((q) => q.kind === 'amount');
}

export function percentsOf(s: Scanned): Quantity[] {
  return s.quantities.filter((q) => q.kind === 'percent');
}

/** A span in years after an amount ("5 years", "36 months", "30-year"), or null. */
export function yearsAfter(q: Quantity): { years?: number; months?: number } | null {
  const m = /^[\s-]*(years?|yrs?|yr|months?|mos?)\b/.exec(q.after);
  if (!m) return null;
  return m[1]!.startsWith('y') ? { years: q.value } : { months: q.value };
}

/** The clause just before an amount ("selling at" in "12,600 fixed costs, selling at 40"). */
export function lead(q: Quantity): string {
  return q.before.split(/[,;]|\band\b|\bwith\b|\bwhile\b/).pop() ?? '';
}

/** The clause just after an amount ("fixed costs" in "12,600 fixed costs, selling at 40"). */
export function tail(q: Quantity): string {
  return q.after.split(/[,;]|\band\b|\bwith\b|\bwhile\b/)[0] ?? '';
}

/** A computable business question fits in a few sentences; longer text is not read as one. */
const MAX_QUESTION_CHARS = 1000;

/**
 * Not one question: several (a "?" mid-way, or several lines — left whole to
 * split.ts) or longer than any question of this kind.
 */
export function severalQuestions(q: string): boolean {
  return q.length > MAX_QUESTION_CHARS || /\?\s*\S|\n\s*\S/.test(q.trim());
}
