import { NUMBER_WORDS } from './numberWords';
import { trimEnd } from '../trimEnd';
import type { Reader } from './types';

/**
 * School word problems about one unknown number, turned into an equation in x
 * for calc_solve: "If 3 more than twice a number is 17, what is the number?",
 * "the sum of a number and 8 is 20", "5 less than three times a number
 * equals 16", "I think of a number, multiply it by 3 and add 4, I get 19".
 * Anything not read phrase by phrase is left alone (null), never guessed.
 */

const UNKNOWN = /^(?:(?:a|the|some|my|this|that|your) (?:certain )?number|it|x|the unknown)$/i;

function numberOf(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return t;
  // "a" is an article here ("a number"), not one.
  const n = t === 'a' || t === 'an' ? undefined : NUMBER_WORDS[t];
  return n !== undefined ? String(n) : null;
}

const FRACTION: Record<string, string> = { half: '2', third: '3', quarter: '4', fourth: '4' };

/** Infix phrases, lowest precedence first; `flip` puts the right side first ("5 less than x" is x − 5). */
const INFIX: { pattern: RegExp; op: string; flip?: boolean }[] = [
  { pattern: /\s+(?:more than|greater than|added to)\s+/i, op: '+', flip: true },
  { pattern: /\s+(?:less than|fewer than|subtracted from|taken from)\s+/i, op: '-', flip: true },
  { pattern: /\s+(?:plus|increased by)\s+/i, op: '+' },
  { pattern: /\s+(?:minus|decreased by|reduced by|less)\s+/i, op: '-' },
  { pattern: /\s+(?:times|multiplied by)\s+/i, op: '*' },
  { pattern: /\s+(?:divided by|over)\s+/i, op: '/' },
];

const PREFIX: { pattern: RegExp; op: string }[] = [
  { pattern: /^the sum of (.+?) and (.+)$/i, op: '+' },
  { pattern: /^the difference (?:of|between) (.+?) and (.+)$/i, op: '-' },
  { pattern: /^the product of (.+?) and (.+)$/i, op: '*' },
  { pattern: /^the quotient of (.+?) and (.+)$/i, op: '/' },
];

/** The most phrase readings one sentence may take: the ways to split a sentence grow fast. */
const BUDGET = 400;

/** One phrase as an expression in x, or null when any of it is not read. */
export function phrase(text: string, budget = { left: BUDGET }, depth = 0): string | null {
  const t = text.trim().replace(/^of\s+/i, '');
  if (!t || depth > 8 || --budget.left < 0) return null;
  if (UNKNOWN.test(t)) return 'x';
  const n = numberOf(t);
  if (n) return n;
  for (const { pattern, op } of PREFIX) {
    const m = pattern.exec(t);
    if (!m) continue;
    const a = phrase(m[1]!, budget, depth + 1);
    const b = phrase(m[2]!, budget, depth + 1);
    if (a && b) return `(${a} ${op} ${b})`;
  }
  for (const { pattern, op, flip } of INFIX) {
    const m = pattern.exec(t);
    if (!m) continue;
    const a = phrase(t.slice(0, m.index), budget, depth + 1);
    const b = phrase(t.slice(m.index + m[0].length), budget, depth + 1);
    if (a && b) return flip ? `(${b} ${op} ${a})` : `(${a} ${op} ${b})`;
  }
  const scaled = /^(twice|double|triple|thrice|(\S+) times)\s+(.+)$/i.exec(t);
  if (scaled) {
    const k = /^(?:twice|double)$/i.test(scaled[1]!)
      ? '2'
      : /^(?:triple|thrice)$/i.test(scaled[1]!)
        ? '3'
        : numberOf(scaled[2] ?? '');
    const inner = phrase(scaled[3]!, budget, depth + 1);
    if (k && inner) return `(${k} * ${inner})`;
  }
  const part = /^(?:a |one )?(half|third|quarter|fourth) of (.+)$/i.exec(t);
  if (part) {
    const inner = phrase(part[2]!, budget, depth + 1);
    if (inner) return `(${inner} / ${FRACTION[part[1]!.toLowerCase()]})`;
  }
  const square = /^the (square|cube) of (.+)$/i.exec(t);
  if (square) {
    const inner = phrase(square[2]!, budget, depth + 1);
    if (inner) return `(${inner})^${square[1]!.toLowerCase() === 'square' ? 2 : 3}`;
  }
  return null;
}

const EQUALS =
  /\s+(?:is equal to|equals|is|gives(?: you| me)?|makes|results in|comes to|yields|you get|i get|we get)\s+/i;
const ASK_TAIL =
  /\s*[,.;]?\s*(?:then\s+)?(?:what(?:'s| is| was)|which is|find|work out|determine|figure out|name)\b.*$/i;
const ASK_LEAD =
  /^(?:what(?:'s| is) (?:the|that|this) number|find the number)\s*(?:if|when|where)\s+/i;

/** "I think of a number, multiply it by 3 and add 4, I get 19": steps applied in order. */
function steps(text: string): string | null {
  const m =
    /^(?:i |you )?(?:think of|pick|take|choose) a number\s*[,.]?\s*(.+?)\s*[,.]?\s*(?:and\s+)?(?:the (?:answer|result) is|(?:i|you|we) (?:get|end up with|have))\s+(-?\d+(?:\.\d+)?)$/i.exec(
      text,
    );
  if (!m) return null;
  let expr = 'x';
  for (const step of m[1]!.split(/\s*(?:,|\bthen\b|\band\b)\s*/i).filter(Boolean)) {
    const s = step.replace(/\b(?:it|the result|that)\b\s*/gi, '').trim();
    const op =
      /^(?:multiply|times)\s+(?:by\s+)?(\S+)$/i.exec(s) ??
      /^(?:add|plus)\s+(\S+)$/i.exec(s) ??
      /^(?:subtract|take away|minus)\s+(\S+)$/i.exec(s) ??
      /^divide\s+(?:by\s+)?(\S+)$/i.exec(s);
    if (op) {
      const n = numberOf(op[1]!);
      if (!n) return null;
      const sign = /^(?:multiply|times)/i.test(s)
        ? '*'
        : /^(?:add|plus)/i.test(s)
          ? '+'
          : /^divide/i.test(s)
            ? '/'
            : '-';
      expr = `(${expr} ${sign} ${n})`;
    } else if (/^double$/i.test(s)) expr = `(2 * ${expr})`;
    else if (/^triple$/i.test(s)) expr = `(3 * ${expr})`;
    else if (/^halve$/i.test(s)) expr = `(${expr} / 2)`;
    else if (/^square$/i.test(s)) expr = `(${expr})^2`;
    else return null;
  }
  return `${expr} = ${m[2]}`;
}

/** "if I triple a number and subtract 8 …" is "think of a number, triple it and subtract 8 …". */
const FIRST_STEP =
  /^(?:if\s+)?(?:i|you|we)\s+(double|triple|halve|square|multiply|divide|add \S+ to|subtract \S+ from)\s+(?:a|the) number\b/i;

function asSteps(q: string): string {
  return q.replace(FIRST_STEP, (_, verb: string) => {
    const add = /^add (\S+) to$/i.exec(verb);
    const sub = /^subtract (\S+) from$/i.exec(verb);
    if (add) return `think of a number, add ${add[1]}`;
    if (sub) return `think of a number, subtract ${sub[1]}`;
    return `think of a number, ${verb} it`;
  });
}

export const wordAlgebraReader: Reader = (question) => {
  const q = trimEnd(asSteps(question), '?!.')
    .replace(ASK_LEAD, '')
    .replace(/^(?:if|when|suppose)\s+/i, '')
    .replace(ASK_TAIL, '')
    .trim();
  if (!/\bnumber\b/i.test(q)) return null;
  const equation = steps(q) ?? equationOf(q);
  if (!equation) return null;
  return {
    kind: 'reading',
    domain: 'math',
    task: { tool: 'calc_solve', args: { equations: [equation] } },
  };
};

function equationOf(q: string): string | null {
  const m = EQUALS.exec(q);
  if (!m) return null;
  const left = phrase(q.slice(0, m.index));
  const right = phrase(q.slice(m.index + m[0].length));
  return left && right && `${left} ${right}`.includes('x') ? `${left} = ${right}` : null;
}
