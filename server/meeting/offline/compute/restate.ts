/**
 * A question that points back at a value said before it: "our deadline is
 * 2027-03-31, what weekday is that?", "forecast says -10 °C tomorrow, how
 * much is that in fahrenheit?", "I'm 5 ft 10 in tall, how much is that in
 * cm?". Restated with the value in place of "that" / "it" / "this", one
 * candidate per way of reading the value (from the number said to a few words
 * after it, longest first), for the readers to try; the first that reads is
 * the one.
 */

const BACK_REFERENCE =
  /^(.{1,200}?)\s*[,.;:—–]\s*(?:so\s+|and\s+|then\s+)?((?:what|how|which|when|is|can you|could you|convert)\b.*\b(?:that|it|this|then)\b.*)$/i;
const POINTER = /\b(?:that|it|this|then)\b(?!.*\b(?:that|it|this|then)\b)/i;
const VALUE_START = /(?:^|\s)([-−+]?[$€£¥]?\d)/g;

export function restatements(text: string, saidMayAsk = false): string[] {
  const m = BACK_REFERENCE.exec(text);
  if (!m) return [];
  const [, said, question] = m as unknown as [string, string, string];
  // What was said is a statement; a question there makes this two questions (the caller's
  // to split, then `saidMayAsk`: "what weekday is 14 Feb, and how many days until then?").
  // "… is 20, what is it?" asks for an unknown, not for the value back.
  if (/^(?:what|how much|how many)(?:'s| is| was| are)?\s+(?:that|it|this|then)$/i.test(question)) {
    return [];
  }
  if (!saidMayAsk && /\?|\b(?:what|what's|whats|how|which|when|convert|calculate)\b/i.test(said)) {
    return [];
  }
  // The value starts at the first number said and takes in the last one: one value, never a
  // part of one ("10 in" of "5 ft 10 in") or one of several.
  const first = VALUE_START.exec(said);
  VALUE_START.lastIndex = 0;
  if (!first) return [];
  const from = said.slice(first.index + first[0].length - first[1]!.length);
  const lastDigit = from.search(/\d(?!.*\d)/);
  const words = from.split(/\s+/);
  const out: string[] = [];
  for (let n = Math.min(words.length, 6); n >= 1; n--) {
    const value = words
      .slice(0, n)
      .join(' ')
      .replace(/[,.;:]+$/, '');
    if (value.length <= lastDigit) break;
    out.push(question.replace(POINTER, value));
  }
  return out;
}
