/**
 * Limits on JSON text from the other side of a socket, checked by one linear
 * scan of the raw text before JSON.parse. JSON.parse itself copes with deep
 * nesting, but what runs on the parsed value afterwards (recursive zod
 * schemas, JSON.stringify when the value is relayed or logged, renderers)
 * recurses once per level and overflows the stack on a small frame nested
 * thousands deep; and a frame of nothing but keys costs far more to parse and
 * walk than its size suggests.
 */
export interface JsonLimits {
  /** Largest UTF-8 length of the text. */
  maxBytes: number;
  /** Most objects and arrays open inside one another. */
  maxDepth: number;
  /** Most keys, array elements, objects and arrays in the whole text. */
  maxValues: number;
}

export type LimitedParse = { ok: true; value: unknown } | { ok: false; reason: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** UTF-8 length without allocating a buffer (works in browser and Node). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Why a text of `bytes` UTF-8 bytes is refused unread, or undefined when it is small enough. */
export function sizeProblem(bytes: number, limits: JsonLimits, what = 'Frame'): string | undefined {
  return bytes > limits.maxBytes ? `${what} larger than ${limits.maxBytes} bytes` : undefined;
}

/** Index of the quote that closes the string opened at `open`, or -1 if it never closes. */
function stringEnd(text: string, open: number): number {
  let end = open;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    // A quote preceded by an odd number of backslashes is escaped. Each run of
    // backslashes is counted once, so the scan stays linear.
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/** How many times `char` occurs in `text`, counting no further than `max` + 1. */
function countUpTo(text: string, char: string, max: number): number {
  let n = 0;
  for (let i = text.indexOf(char); i >= 0 && n <= max; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/**
 * True when `text` keeps the depth and value limits whatever its structure:
 * every value counted is one character, and each level of nesting needs an
 * opening bracket (counted here inside strings too, so this errs on the side
 * of scanning). Most frames are short and flat; indexOf finds that out much
 * faster than a scan character by character.
 */
function tooSmallToBreak(text: string, limits: JsonLimits): boolean {
  if (text.length > limits.maxValues) return false;
  const max = limits.maxDepth;
  return countUpTo(text, '{', max) + countUpTo(text, '[', max) <= max;
}

/**
 * Why `text` breaks `limits` (the sentence names `what`, e.g. 'Frame'), or
 * undefined when it keeps them. Linear in the length of the text; strings are
 * skipped with indexOf. Text that is not JSON may pass; JSON.parse refuses it.
 */
export function jsonLimitProblem(
  text: string,
  limits: JsonLimits,
  what = 'Frame',
): string | undefined {
  // Every UTF-16 unit is at least one UTF-8 byte, so only count bytes when it could be too big.
  if (text.length > limits.maxBytes) return sizeProblem(text.length, limits, what);
  if (text.length * 3 > limits.maxBytes) {
    const tooBig = sizeProblem(utf8Length(text), limits, what);
    if (tooBig) return tooBig;
  }
  if (tooSmallToBreak(text, limits)) return undefined;
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.maxDepth) return `${what} nested deeper than ${limits.maxDepth} levels`;
      values++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA) values++;
    else continue;
    if (values > limits.maxValues)
      return `${what} has more than ${limits.maxValues} keys and array elements`;
  }
  return undefined;
}

/** JSON.parse, after the limits are checked on the raw text. */
export function parseLimitedJson(text: string, limits: JsonLimits, what = 'Frame'): LimitedParse {
  const problem = jsonLimitProblem(text, limits, what);
  if (problem) return { ok: false, reason: problem };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, reason: `Malformed JSON: ${(e as Error).message}` };
  }
}
