import { amount, amounts, big, choice, currencySign, money, plain } from './money';
import type { Big, ComputedValue } from './money';
import { ToolError } from '../types';

/**
 * calc_ratio: split an amount in a ratio (3:2, 1:2:3), simplify a ratio,
 * find the missing term of two equal ratios (2:3 = x:12) and the ratio of two
 * numbers.
 */

export const RATIO_OPERATIONS = ['split', 'simplify', 'solve', 'compare'] as const;

type Args = Record<string, unknown>;

function say(value: Big, sign: string | null): string {
  return sign ? money(value, sign) : plain(value);
}

/** The smallest whole-number ratio equal to `parts` (decimals scaled up first). */
export function simplest(parts: Big[]): Big[] {
  const decimals = Math.max(...parts.map((p) => p.decimalPlaces()));
  if (decimals > 6) return parts;
  const scale = big().bignumber(10).pow(decimals);
  const whole = parts.map((p) => p.mul(scale).abs());
  const divisor = whole.reduce((g, p) => big().gcd(g, p) as Big);
  if (divisor.isZero()) return parts;
  return parts.map((p) => p.mul(scale).div(divisor));
}

function written(parts: Big[]): string {
  return parts.map(plain).join(':');
}

function split(a: Args, sign: string | null): ComputedValue {
  const total = amount(a, 'total');
  const parts = amounts(a, 'ratio');
  if (parts.some((p) => p.lt(0))) throw new ToolError("A ratio's parts must not be negative");
  const sum = parts.reduce((s, p) => s.add(p));
  if (sum.isZero()) throw new ToolError("A ratio's parts must not all be zero");
  const shares = parts.map((p) => total.mul(p).div(sum));
  const listed = shares.map((s) => say(s, sign));
  const spoken = `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return {
    answer: spoken,
    expression: parts.map((p) => `${plain(total)} × ${plain(p)} / ${plain(sum)}`).join('; '),
    working: `${say(total, sign)} in ${written(parts)} is ${plain(sum)} equal parts of ${say(total.div(sum), sign)}.`,
  };
}

function simplify(a: Args): ComputedValue {
  const parts = amounts(a, 'ratio');
  const result = simplest(parts);
  return {
    answer: written(result),
    expression: `${written(parts)} ÷ ${plain(parts[0]!.div(result[0]!))}`,
    working: `Every term divided by their greatest common divisor.`,
  };
}

/** left[0]:left[1] = right[0]:right[1] with exactly one unknown (null) on either side. */
function solve(a: Args, sign: string | null): ComputedValue {
  const terms = [...list(a.left, 'left'), ...list(a.right, 'right')];
  const unknown = terms.findIndex((t) => t === null);
  if (unknown < 0 || terms.filter((t) => t === null).length !== 1) {
    throw new ToolError('Exactly one term of "left" and "right" must be null (the unknown)');
  }
  const t = terms;
  // a:b = c:d  ⇔  a·d = b·c
  const [p, q, r, s] = t;
  let x: Big;
  if (unknown === 0) x = q!.mul(r!).div(nonZero(s!));
  else if (unknown === 1) x = p!.mul(s!).div(nonZero(r!));
  else if (unknown === 2) x = p!.mul(s!).div(nonZero(q!));
  else x = q!.mul(r!).div(nonZero(p!));
  const shown = t.map((v) => (v === null ? 'x' : plain(v)));
  const label = typeof a.label === 'string' && /^[a-z ]{1,40}$/i.test(a.label) ? a.label : null;
  const name = typeof a.unknown === 'string' && /^[a-z]$/i.test(a.unknown) ? a.unknown : 'x';
  return {
    answer: sign ? money(x, sign) : label ? `${plain(x)} ${label}` : `${name} = ${plain(x)}`,
    expression: `${shown[0]}:${shown[1]} = ${shown[2]}:${shown[3]}`,
    working: `Cross-multiplying: ${shown[0]} × ${shown[3]} = ${shown[1]} × ${shown[2]}, so ${name} = ${plain(x)}.`,
  };
}

function nonZero(v: Big): Big {
  if (v.isZero()) throw new ToolError('That ratio has a zero term, so the unknown is undefined');
  return v;
}

function list(raw: unknown, name: string): (Big | null)[] {
  if (!Array.isArray(raw) || raw.length !== 2) {
    throw new ToolError(`"${name}" must be two terms (a number, or null for the unknown)`);
  }
  return raw.map((v, i) => (v === null ? null : amount({ [`${name}[${i}]`]: v }, `${name}[${i}]`)));
}

function compare(a: Args): ComputedValue {
  const x = amount(a, 'a');
  const y = amount(a, 'b');
  if (y.isZero()) throw new ToolError('"b" must not be zero');
  const parts = simplest([x, y]);
  return {
    answer: `${written(parts)} (${plain(x.div(y))} to 1)`,
    expression: `${plain(x)} : ${plain(y)}`,
    working: `${plain(x)} to ${plain(y)} in lowest terms; ${plain(x)} ÷ ${plain(y)} = ${plain(x.div(y))}.`,
  };
}

export function ratio(args: Args): ComputedValue {
  const operation = choice(args, 'operation', RATIO_OPERATIONS);
  if (operation === 'split') return split(args, currencySign(args.currency));
  if (operation === 'simplify') return simplify(args);
  if (operation === 'solve') return solve(args, currencySign(args.currency));
  return compare(args);
}

export const ratioParameters = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      enum: RATIO_OPERATIONS,
      description:
        'split (total, ratio: [3, 2]); simplify (ratio); solve (left: [2, 3], right: [null, 12] — ' +
        'one null is the unknown); compare (a, b: the ratio of a to b)',
    },
    total: { type: 'number' },
    ratio: { type: 'array', items: { type: 'number' } },
    left: { type: 'array', items: { type: ['number', 'null'] } },
    right: { type: 'array', items: { type: ['number', 'null'] } },
    unknown: { type: 'string', description: "the unknown's letter, default x" },
    label: { type: 'string', description: 'what the unknown measures, e.g. "g of sugar"' },
    a: { type: 'number' },
    b: { type: 'number' },
    currency: {
      type: 'string',
      description: 'symbol or code of the total (split) or of the unknown (solve): $, €, £, USD',
    },
  },
  required: ['operation'],
};
