import {
  amount,
  amounts,
  choice,
  currencySign,
  hundred,
  money,
  one,
  percent,
  plain,
  rate,
} from './money';
import type { Big, ComputedValue } from './money';
import { ToolError } from '../types';

/**
 * calc_percentage: the percentage questions of everyday business — a share
 * of an amount, what percent one number is of another, the change between
 * two values, a price after a discount, tax or tip and before it, margin and
 * markup. Percent arguments are given as people say them (4.5 for 4.5 %).
 */

export const PERCENT_OPERATIONS = [
  'percent_of',
  'what_percent',
  'whole_from_part',
  'change',
  'point_change',
  'add_percent',
  'subtract_percent',
  'before_add',
  'before_subtract',
  'margin',
  'price_for_margin',
  'cost_for_margin',
  'markup',
  'price_for_markup',
  'cost_for_markup',
  'successive',
] as const;
type Operation = (typeof PERCENT_OPERATIONS)[number];

function say(value: Big, sign: string | null): string {
  return sign ? money(value, sign) : plain(value);
}

function ratioOf(part: Big, whole: Big, name: string): Big {
  if (whole.isZero()) throw new ToolError(`"${name}" must not be zero`);
  return part.div(whole).mul(hundred());
}

type Args = Record<string, unknown>;

const compute: Record<Operation, (a: Args, sign: string | null) => ComputedValue> = {
  successive: (a, sign) => successive(a, sign),
  percent_of(a, sign) {
    const p = amount(a, 'percent');
    const v = amount(a, 'value');
    const r = v.mul(p).div(hundred());
    return {
      answer: say(r, sign),
      expression: `${plain(p)} / 100 × ${plain(v)}`,
      working: `${percent(p)} of ${say(v, sign)} is ${say(r, sign)}.`,
    };
  },
  what_percent(a, sign) {
    const part = amount(a, 'part');
    const whole = amount(a, 'whole');
    const r = ratioOf(part, whole, 'whole');
    return {
      answer: percent(r),
      expression: `${plain(part)} / ${plain(whole)} × 100`,
      working: `${say(part, sign)} is ${percent(r)} of ${say(whole, sign)}.`,
    };
  },
  whole_from_part(a, sign) {
    const part = amount(a, 'part');
    const p = amount(a, 'percent');
    if (p.isZero()) throw new ToolError('"percent" must not be zero');
    const r = part.div(p).mul(hundred());
    return {
      answer: say(r, sign),
      expression: `${plain(part)} / (${plain(p)} / 100)`,
      working: `${say(part, sign)} is ${percent(p)} of ${say(r, sign)}.`,
    };
  },
  change(a, sign) {
    const from = amount(a, 'from');
    const to = amount(a, 'to');
    const r = ratioOf(to.sub(from), from.abs(), 'from');
    const diff = to.sub(from);
    const asked = choice(a, 'direction', ['change', 'increase', 'decrease'] as const, 'change');
    const rise = r.gte(0);
    const word = rise ? 'increase' : 'decrease';
    const answer =
      asked === 'change' && !rise
        ? `−${percent(r.neg())} (a ${percent(r.neg())} decrease)`
        : asked === 'change' || asked === word
          ? `${percent(r.abs())} ${word}`
          : // Asked for a decrease that is a rise (or the reverse): say it with its sign.
            `${rise ? '' : '−'}${percent(r.abs())} (${rise ? 'an increase' : 'a decrease'}, not ${
              rise ? 'a decrease' : 'an increase'
            })`;
    return {
      answer,
      expression: `(${plain(to)} − ${plain(from)}) / ${plain(from.abs())} × 100`,
      working: `From ${say(from, sign)} to ${say(to, sign)} is a change of ${say(diff, sign)}, ${percent(r)} of the starting value.`,
    };
  },
  point_change(a) {
    const from = amount(a, 'from');
    const to = amount(a, 'to');
    const points = to.sub(from);
    const relative = from.isZero() ? null : ratioOf(points, from.abs(), 'from');
    const asked = choice(a, 'direction', ['change', 'increase', 'decrease'] as const, 'change');
    const unit = points.abs().eq(1) ? 'percentage point' : 'percentage points';
    const answer =
      asked === 'decrease' && points.lte(0)
        ? `${plain(points.abs())} ${unit} lower`
        : points.lt(0)
          ? `−${plain(points.abs())} ${unit}`
          : `${plain(points)} ${unit}${asked === 'decrease' ? ' (a rise, not a drop)' : ''}`;
    return {
      answer,
      expression: `${plain(to)} − ${plain(from)}`,
      working:
        `From ${percent(from)} to ${percent(to)} is ${plain(points)} percentage points` +
        (relative ? ` (a relative change of ${percent(relative)}).` : '.'),
    };
  },
  add_percent(a, sign) {
    const v = amount(a, 'value');
    const p = amount(a, 'percent');
    const added = v.mul(p).div(hundred());
    const total = v.add(added);
    const what = label(a, 'increase');
    const part = choice(a, 'ask', ['total', 'amount'] as const, 'total');
    return {
      answer: part === 'total' ? say(total, sign) : say(added, sign),
      expression:
        part === 'total'
          ? `${plain(v)} × (1 + ${plain(p)} / 100)`
          : `${plain(v)} × ${plain(p)} / 100`,
      working: `The ${what} is ${percent(p)} of ${say(v, sign)} = ${say(added, sign)}; with it the total is ${say(total, sign)}.`,
    };
  },
  subtract_percent(a, sign) {
    const v = amount(a, 'value');
    const p = amount(a, 'percent');
    const removed = v.mul(p).div(hundred());
    const left = v.sub(removed);
    const what = label(a, 'discount');
    const part = choice(a, 'ask', ['total', 'amount'] as const, 'total');
    return {
      answer: part === 'total' ? say(left, sign) : say(removed, sign),
      expression:
        part === 'total'
          ? `${plain(v)} × (1 − ${plain(p)} / 100)`
          : `${plain(v)} × ${plain(p)} / 100`,
      working: `The ${what} is ${percent(p)} of ${say(v, sign)} = ${say(removed, sign)}, leaving ${say(left, sign)}.`,
    };
  },
  before_add(a, sign) {
    const v = amount(a, 'value');
    const p = rate(a, 'percent');
    const original = v.div(one().add(p));
    return {
      answer: say(original, sign),
      expression: `${plain(v)} / (1 + ${plain(p.mul(hundred()))} / 100)`,
      working: `${say(original, sign)} plus ${percent(p.mul(hundred()))} is ${say(v, sign)}.`,
    };
  },
  before_subtract(a, sign) {
    const v = amount(a, 'value');
    const p = rate(a, 'percent');
    if (p.gte(1)) throw new ToolError('"percent" must be below 100 for a price before a discount');
    const original = v.div(one().sub(p));
    return {
      answer: say(original, sign),
      expression: `${plain(v)} / (1 − ${plain(p.mul(hundred()))} / 100)`,
      working: `${say(original, sign)} less ${percent(p.mul(hundred()))} is ${say(v, sign)}.`,
    };
  },
  margin(a, sign) {
    const cost = amount(a, 'cost');
    const price = amount(a, 'price');
    const r = ratioOf(price.sub(cost), price, 'price');
    return {
      answer: `${percent(r)} margin`,
      expression: `(${plain(price)} − ${plain(cost)}) / ${plain(price)} × 100`,
      working: `The profit is ${say(price.sub(cost), sign)} on a price of ${say(price, sign)} (margin is profit over price).`,
    };
  },
  price_for_margin(a, sign) {
    const cost = amount(a, 'cost');
    const p = rate(a, 'percent');
    if (p.gte(1)) throw new ToolError('A margin must be below 100%');
    const price = cost.div(one().sub(p));
    return {
      answer: say(price, sign),
      expression: `${plain(cost)} / (1 − ${plain(p.mul(hundred()))} / 100)`,
      working: `At ${say(price, sign)} the profit of ${say(price.sub(cost), sign)} is ${percent(p.mul(hundred()))} of the price.`,
    };
  },
  cost_for_margin(a, sign) {
    const price = amount(a, 'price');
    const p = rate(a, 'percent');
    if (p.gte(1)) throw new ToolError('A margin must be below 100%');
    const cost = price.mul(one().sub(p));
    return {
      answer: say(cost, sign),
      expression: `${plain(price)} × (1 − ${plain(p.mul(hundred()))} / 100)`,
      working: `A ${percent(p.mul(hundred()))} margin on a price of ${say(price, sign)} leaves a cost of ${say(cost, sign)}.`,
    };
  },
  cost_for_markup(a, sign) {
    const price = amount(a, 'price');
    const p = rate(a, 'percent');
    const cost = price.div(one().add(p));
    return {
      answer: say(cost, sign),
      expression: `${plain(price)} / (1 + ${plain(p.mul(hundred()))} / 100)`,
      working: `${say(cost, sign)} marked up ${percent(p.mul(hundred()))} is ${say(price, sign)}.`,
    };
  },
  markup(a, sign) {
    const cost = amount(a, 'cost');
    const price = amount(a, 'price');
    const r = ratioOf(price.sub(cost), cost, 'cost');
    return {
      answer: `${percent(r)} markup`,
      expression: `(${plain(price)} − ${plain(cost)}) / ${plain(cost)} × 100`,
      working: `The profit is ${say(price.sub(cost), sign)} on a cost of ${say(cost, sign)} (markup is profit over cost).`,
    };
  },
  price_for_markup(a, sign) {
    const cost = amount(a, 'cost');
    const p = amount(a, 'percent');
    const price = cost.mul(one().add(p.div(hundred())));
    return {
      answer: say(price, sign),
      expression: `${plain(cost)} × (1 + ${plain(p)} / 100)`,
      working: `A ${percent(p)} markup on ${say(cost, sign)} adds ${say(price.sub(cost), sign)}.`,
    };
  },
};

function label(a: Args, fallback: string): string {
  return typeof a.label === 'string' && /^[a-z ]{1,20}$/i.test(a.label) ? a.label : fallback;
}

/** Changes one after another ("falls 20% then rises 20%"): they multiply, they do not add. */
function successive(a: Args, sign: string | null): ComputedValue {
  const changes = amounts(a, 'changes');
  for (const c of changes) {
    if (c.lte(-100)) throw new ToolError('a change must be above -100%');
  }
  const factor = changes.reduce((f, c) => f.mul(one().add(c.div(hundred()))), one());
  const overall = factor.sub(one()).mul(hundred());
  const steps = changes.map((c) => `(1 ${c.lt(0) ? '−' : '+'} ${plain(c.abs())}/100)`).join(' × ');
  const said = changes
    .map((c) => (c.lt(0) ? `−${percent(c.neg())}` : `+${percent(c)}`))
    .join(', then ');
  const rise = overall.gte(0);
  const overallText = overall.isZero()
    ? 'no change'
    : rise
      ? `${percent(overall)} increase`
      : `−${percent(overall.neg())} (a ${percent(overall.neg())} decrease)`;
  if (a.value !== undefined) {
    const start = amount(a, 'value');
    const end = start.mul(factor);
    return {
      answer: say(end, sign),
      expression: `${plain(start)} × ${steps}`,
      working: `${say(start, sign)} changed by ${said} ends at ${say(end, sign)}: overall ${overallText}.`,
    };
  }
  return {
    answer: overallText,
    expression: `${steps} − 1`,
    working: `${said} multiply to ${plain(factor)} of the start: overall ${overallText}, not the ${percent(changes.reduce((t, c) => t.add(c), hundred().sub(hundred())))} their sum suggests.`,
  };
}

export function percentage(args: Args): ComputedValue {
  const operation = choice(args, 'operation', PERCENT_OPERATIONS);
  return compute[operation](args, currencySign(args.currency));
}

export const percentageParameters = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      enum: PERCENT_OPERATIONS,
      description:
        'percent_of (percent, value); what_percent (part, whole); whole_from_part (part is percent of what?); ' +
        'change (from, to, direction?); point_change (from, to: two percentages); ' +
        'add_percent (value, percent, ask total|amount, label e.g. tax/tip); subtract_percent (value, percent: a discount); ' +
        'before_add / before_subtract (value is the final price, percent: the original before tax / discount); ' +
        'margin / markup (cost, price); price_for_margin / price_for_markup (cost, percent); ' +
        'cost_for_margin / cost_for_markup (price, percent); ' +
        'successive (changes: signed percents one after another, value?: the starting amount)',
    },
    value: { type: 'number' },
    percent: { type: 'number', description: 'as people say it: 4.5 for 4.5%' },
    part: { type: 'number' },
    whole: { type: 'number' },
    from: { type: 'number' },
    to: { type: 'number' },
    cost: { type: 'number' },
    price: { type: 'number' },
    direction: { type: 'string', enum: ['change', 'increase', 'decrease'] },
    ask: { type: 'string', enum: ['total', 'amount'] },
    label: { type: 'string', description: 'what the percentage is: tax, tip, discount, raise' },
    currency: { type: 'string', description: 'symbol or code of the amounts: $, €, £, USD' },
    changes: {
      type: 'array',
      items: { type: 'number' },
      description: 'successive: the changes one after another, signed (-20 then 20)',
    },
  },
  required: ['operation'],
};
