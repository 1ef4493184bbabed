/**
 * Whether markdown has math in it, cheaply (issue 20): the KaTeX chunk
 * (markdownMath.ts) is fetched only for content this finds math in.
 *
 * - `$$…$$`, inline or on lines of their own;
 * - `$…$` by Pandoc's rule: no space just inside either dollar, and no digit
 *   just after the closing one, so "It costs $5 and $10" is not math;
 * - `\(…\)` and `\[…\]` (how many models write it);
 * - a fenced block with the language `math`.
 */
const MATH_FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*math\s*$/m;
const MATH = [
  MATH_FENCE,
  /\$\$\s*[^\s$][^$]*\$\$/,
  /(?<![\\$])\$(?![\s$])(?:[^$\\\n]|\\.)*?(?<![\s\\])\$(?![\d$])/,
];

/** An opening delimiter with a closing one after it (a search, not a regex: linear time). */
function pair(text: string, open: string, close: string): boolean {
  const at = text.indexOf(open);
  return at >= 0 && text.indexOf(close, at + open.length) > at;
}
/** Fenced code blocks and code spans, which keep their backslashes as they are. */
const CODE =
  /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$(?![\s\S]))|(`+)(?!`)[\s\S]*?(?<!`)\2(?!`)/gm;

export function hasMath(content: string): boolean {
  if (!content.includes('$') && !content.includes('\\') && !content.includes('math')) return false;
  // Dollars and backslashes in code are code ("`$HOME`"), but a ```math block is math.
  const prose = content.includes('`') ? content.replace(CODE, keepMathFence) : content;
  return (
    pair(prose, '\\(', '\\)') || pair(prose, '\\[', '\\]') || MATH.some((re) => re.test(prose))
  );
}

function keepMathFence(code: string): string {
  return MATH_FENCE.test(code) ? code : ' ';
}

/**
 * `\(…\)` and `\[…\]` as the `$$…$$` remark-math reads (`\[…\]` on lines of
 * its own becomes a display block), outside code. Markdown itself would read
 * `\(` as an escaped parenthesis and drop the backslash.
 */
export function bracketsToDollars(content: string): string {
  if (!content.includes('\\(') && !content.includes('\\[')) return content;
  let out = '';
  let last = 0;
  for (const m of content.matchAll(CODE)) {
    out += convert(content.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + convert(content.slice(last));
}

function convert(text: string): string {
  return swap(swap(text, '\\[', '\\]'), '\\(', '\\)');
}

/**
 * Each open…close pair as $$…$$, left to right, in linear time (a lazy regex
 * would go over the rest of the text again for each opening without a close).
 * `\[` ending its line and `\]` starting one give `$$` on lines of their own:
 * a display block.
 */
function swap(text: string, open: string, close: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
    if (end < 0) return out + text.slice(from);
    out += `${text.slice(from, start)}$$${text.slice(start + open.length, end)}$$`;
    from = end + close.length;
  }
}
