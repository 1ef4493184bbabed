import {
  amount,
  big,
  choice,
  currencySign,
  fixed,
  hundred,
  money,
  one,
  optionalAmount,
  percent,
  plain,
  positive,
  rate,
} from './money';
import type { Big, ComputedValue } from './money';
import { ToolError } from '../types';

/**
 * calc_finance: compound and simple interest, doubling time, loan and
 * annuity payments, savings with regular deposits, present value, CAGR and
 * break-even — exact decimal arithmetic, money to the cent in the currency
 * it was asked in. Rates are annual and given as people say them (4.5 for
 * 4.5 %).
 */

export const FINANCE_OPERATIONS = [
  'compound',
  'simple_interest',
  'doubling_time',
  'loan_payment',
  'savings',
  'savings_payment',
  'present_value',
  'cagr',
  'break_even',
] as const;

export const COMPOUNDING = [
  'annually',
  'semiannually',
  'quarterly',
  'monthly',
  'weekly',
  'daily',
  'continuously',
] as const;
type Compounding = (typeof COMPOUNDING)[number];
const PER_YEAR: Record<Exclude<Compounding, 'continuously'>, number> = {
  annually: 1,
  semiannually: 2,
  quarterly: 4,
  monthly: 12,
  weekly: 52,
  daily: 365,
};

type Args = Record<string, unknown>;
const MAX_YEARS = 1000;

/** The span in years from `years` and/or `months`. */
function span(a: Args): Big {
  const years = optionalAmount(a, 'years');
  const months = optionalAmount(a, 'months');
  if (!years && !months) throw new ToolError('"years" or "months" is required');
  const total = (years ?? big().bignumber(0)).add((months ?? big().bignumber(0)).div(12));
  if (total.lte(0) || total.gt(MAX_YEARS)) {
    throw new ToolError(`The time must be more than zero and at most ${MAX_YEARS} years`);
  }
  return total;
}

function spanSaid(t: Big): string {
  const months = t.mul(12);
  if (!t.isInteger() && months.isInteger()) return `${plain(months)} months`;
  return `${plain(t)} year${t.eq(1) ? '' : 's'}`;
}

/** Growth factor of one unit over t years at annual rate r. */
function growth(r: Big, t: Big, c: Compounding): { factor: Big; formula: string } {
  if (c === 'continuously') {
    return { factor: big().exp(r.mul(t)) as Big, formula: `e^(${plain(r)} × ${plain(t)})` };
  }
  const n = PER_YEAR[c];
  const periods = t.mul(n);
  const factor = one().add(r.div(n)).pow(periods);
  return {
    factor,
    formula:
      n === 1 ? `(1 + ${plain(r)})^${plain(t)}` : `(1 + ${plain(r)}/${n})^(${n} × ${plain(t)})`,
  };
}

function compounding(a: Args): Compounding {
  return choice(a, 'compounding', COMPOUNDING, 'annually');
}

/** Money to the cent; a quantity without a currency (a population) to four significant figures or whole units. */
function sum(v: Big, sign: string | null): string {
  if (sign) return money(v, sign);
  return v.abs().gte(1000) ? fixed(v, 0) : plain(v);
}

function compound(a: Args, sign: string | null): ComputedValue {
  const p = positive(amount(a, 'principal'), 'principal');
  const r = rate(a, 'rate');
  const t = span(a);
  const c = compounding(a);
  const { factor, formula } = growth(r, t, c);
  const fv = p.mul(factor);
  const interest = fv.sub(p);
  const ask = choice(a, 'ask', ['future_value', 'interest'] as const, 'future_value');
  return {
    answer: ask === 'interest' ? sum(interest, sign) : sum(fv, sign),
    expression: `${plain(p)} × ${formula}${ask === 'interest' ? ` − ${plain(p)}` : ''}`,
    working:
      `${sum(p, sign)} at ${percent(r.mul(hundred()))} a year compounded ${c} for ${spanSaid(t)} ` +
      (interest.gte(0)
        ? `grows to ${sum(fv, sign)}, of which ${sum(interest, sign)} is interest.`
        : `shrinks to ${sum(fv, sign)}, a loss of ${sum(interest.neg(), sign)}.`),
  };
}

function simpleInterest(a: Args, sign: string | null): ComputedValue {
  const p = positive(amount(a, 'principal'), 'principal');
  const r = rate(a, 'rate');
  const t = span(a);
  const interest = p.mul(r).mul(t);
  const ask = choice(a, 'ask', ['interest', 'total'] as const, 'interest');
  return {
    answer: ask === 'total' ? money(p.add(interest), sign) : money(interest, sign),
    expression: `${plain(p)} × ${plain(r)} × ${plain(t)}${ask === 'total' ? ` + ${plain(p)}` : ''}`,
    working:
      `Simple interest on ${money(p, sign)} at ${percent(r.mul(hundred()))} a year for ${spanSaid(t)} ` +
      `is ${money(interest, sign)}; with the principal, ${money(p.add(interest), sign)}.`,
  };
}

function doublingTime(a: Args): ComputedValue {
  const r = positive(rate(a, 'rate'), 'rate');
  const c = compounding(a);
  const ln2 = big().log(big().bignumber(2)) as Big;
  const years =
    c === 'continuously'
      ? ln2.div(r)
      : ln2.div(
          big()
            .bignumber(PER_YEAR[c])
            .mul(big().log(one().add(r.div(PER_YEAR[c]))) as Big),
        );
  const n = c === 'continuously' ? null : PER_YEAR[c];
  const rule72 = big().bignumber(72).div(r.mul(hundred()));
  if (a.method === 'rule_of_72') {
    return {
      answer: `${plain(rule72)} years by the rule of 72`,
      expression: `72 / ${plain(r.mul(hundred()))}`,
      working: `The rule of 72 is an estimate: compounded ${c}, money doubles in exactly ${plain(years)} years.`,
    };
  }
  return {
    answer: `${plain(years)} years`,
    expression:
      n === null
        ? `ln 2 / ${plain(r)}`
        : n === 1
          ? `ln 2 / ln(1 + ${plain(r)})`
          : `ln 2 / (${n} × ln(1 + ${plain(r)}/${n}))`,
    working:
      `At ${percent(r.mul(hundred()))} a year compounded ${c}, money doubles in ${plain(years)} years ` +
      `(the rule of 72 estimates ${plain(rule72)}).`,
  };
}

function periodsPerYear(a: Args): number {
  const every = choice(
    a,
    'payments',
    ['monthly', 'quarterly', 'annually', 'weekly'] as const,
    'monthly',
  );
  return { monthly: 12, quarterly: 4, annually: 1, weekly: 52 }[every];
}

/** A rate paid or earned over equal periods: the annual rate, periods a year, their number and the rate per period. */
function schedule(a: Args, what: 'payments' | 'deposits') {
  const r = rate(a, 'rate');
  const years = span(a);
  const perYear = periodsPerYear(a);
  const n = years.mul(perYear);
  if (!n.isInteger()) throw new ToolError(`The term must be a whole number of ${what}`);
  const every = { 12: 'month', 4: 'quarter', 1: 'year', 52: 'week' }[perYear]!;
  return { r, perYear, n, i: r.div(perYear), every };
}

function loanPayment(a: Args, sign: string | null): ComputedValue {
  const p = positive(amount(a, 'principal'), 'principal');
  const { r, perYear, n, i, every } = schedule(a, 'payments');
  const payment = i.isZero() ? p.div(n) : p.mul(i).div(one().sub(one().add(i).pow(n.neg())));
  const totalPaid = payment.mul(n);
  const interest = totalPaid.sub(p);
  const ask = choice(a, 'ask', ['payment', 'total_interest', 'total_paid'] as const, 'payment');
  const answer =
    ask === 'payment'
      ? `${money(payment, sign)} a ${every}`
      : ask === 'total_interest'
        ? `${money(interest, sign)} in interest`
        : `${money(totalPaid, sign)} in total`;
  return {
    answer,
    expression: i.isZero()
      ? `${plain(p)} / ${plain(n)}`
      : `${plain(p)} × i / (1 − (1 + i)^−${plain(n)}), i = ${plain(r)}/${perYear}`,
    working:
      `${money(p, sign)} at ${percent(r.mul(hundred()))} a year over ${plain(n)} payments is ` +
      `${money(payment, sign)} a ${every}: ${money(totalPaid, sign)} in all, ${money(interest, sign)} of it interest.`,
  };
}

function savings(a: Args, sign: string | null): ComputedValue {
  const deposit = positive(amount(a, 'payment'), 'payment');
  const { r, perYear, n, i } = schedule(a, 'deposits');
  const fv = i.isZero() ? deposit.mul(n) : deposit.mul(one().add(i).pow(n).sub(one())).div(i);
  const paidIn = deposit.mul(n);
  return {
    answer: money(fv, sign),
    expression: i.isZero()
      ? `${plain(deposit)} × ${plain(n)}`
      : `${plain(deposit)} × ((1 + i)^${plain(n)} − 1) / i, i = ${plain(r)}/${perYear}`,
    working:
      `${plain(n)} deposits of ${money(deposit, sign)} at ${percent(r.mul(hundred()))} a year (each at the period's end) ` +
      `grow to ${money(fv, sign)}: ${money(paidIn, sign)} paid in and ${money(fv.sub(paidIn), sign)} interest.`,
  };
}

function savingsPayment(a: Args, sign: string | null): ComputedValue {
  const target = positive(amount(a, 'future_value'), 'future_value');
  const { r, perYear, n, i, every } = schedule(a, 'deposits');
  const deposit = i.isZero() ? target.div(n) : target.mul(i).div(one().add(i).pow(n).sub(one()));
  return {
    answer: `${money(deposit, sign)} a ${every}`,
    expression: i.isZero()
      ? `${plain(target)} / ${plain(n)}`
      : `${plain(target)} × i / ((1 + i)^${plain(n)} − 1), i = ${plain(r)}/${perYear}`,
    working:
      `${plain(n)} deposits of ${money(deposit, sign)} at ${percent(r.mul(hundred()))} a year (each at the period's end) ` +
      `reach ${money(target, sign)}: ${money(deposit.mul(n), sign)} paid in, the rest interest.`,
  };
}

function presentValue(a: Args, sign: string | null): ComputedValue {
  const target = positive(amount(a, 'future_value'), 'future_value');
  const r = rate(a, 'rate');
  const t = span(a);
  const c = compounding(a);
  const { factor, formula } = growth(r, t, c);
  const pv = target.div(factor);
  return {
    answer: money(pv, sign),
    expression: `${plain(target)} / ${formula}`,
    working: `${money(pv, sign)} invested today at ${percent(r.mul(hundred()))} compounded ${c} grows to ${money(target, sign)} in ${spanSaid(t)}.`,
  };
}

function cagr(a: Args, sign: string | null): ComputedValue {
  const start = positive(amount(a, 'start'), 'start');
  const end = positive(amount(a, 'end'), 'end');
  const t = span(a);
  const g = end.div(start).pow(one().div(t)).sub(one());
  return {
    answer: `${percent(g.mul(hundred()))} a year`,
    expression: `(${plain(end)} / ${plain(start)})^(1 / ${plain(t)}) − 1`,
    working: `Growing ${percent(g.mul(hundred()))} a year, compounded, takes ${say(start, sign)} to ${say(end, sign)} in ${spanSaid(t)}.`,
  };
}

function say(v: Big, sign: string | null): string {
  return sign ? money(v, sign) : plain(v);
}

function breakEven(a: Args, sign: string | null): ComputedValue {
  const fixedCosts = amount(a, 'fixed_costs');
  const price = amount(a, 'price');
  const variable = amount(a, 'variable_cost');
  const contribution = price.sub(variable);
  if (contribution.lte(0)) {
    throw new ToolError(
      'The price must be above the variable cost per unit, or it never breaks even',
    );
  }
  const exact = fixedCosts.div(contribution);
  const units = exact.ceil();
  const ask = choice(a, 'ask', ['units', 'revenue'] as const, 'units');
  const revenue = exact.mul(price);
  const unitsSaid = `${fixed(units, 0)} unit${units.eq(1) ? '' : 's'}`;
  return {
    answer: ask === 'revenue' ? `${money(revenue, sign)} in revenue` : unitsSaid,
    expression: `${plain(fixedCosts)} / (${plain(price)} − ${plain(variable)})`,
    working:
      `Each unit contributes ${money(contribution, sign)} towards ${money(fixedCosts, sign)} of fixed costs: ` +
      (exact.isInteger()
        ? `${unitsSaid}, `
        : `${plain(exact)} units, so ${unitsSaid} to cover them, `) +
      `or ${money(revenue, sign)} in revenue.`,
  };
}

export function finance(args: Args): ComputedValue {
  const operation = choice(args, 'operation', FINANCE_OPERATIONS);
  const sign = currencySign(args.currency);
  switch (operation) {
    case 'compound':
      return compound(args, sign);
    case 'simple_interest':
      return simpleInterest(args, sign);
    case 'doubling_time':
      return doublingTime(args);
    case 'loan_payment':
      return loanPayment(args, sign);
    case 'savings':
      return savings(args, sign);
    case 'savings_payment':
      return savingsPayment(args, sign);
    case 'present_value':
      return presentValue(args, sign);
    case 'cagr':
      return cagr(args, sign);
    case 'break_even':
      return breakEven(args, sign);
  }
}

export const financeParameters = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      enum: FINANCE_OPERATIONS,
      description:
        'compound (principal, rate, years|months, compounding, ask future_value|interest); ' +
        'simple_interest (principal, rate, years|months, ask interest|total); doubling_time (rate, compounding, method exact|rule_of_72); ' +
        'loan_payment (principal, rate, years|months, payments, ask payment|total_interest|total_paid); ' +
        'savings (payment: the regular deposit, rate, years|months, payments); ' +
        'savings_payment (future_value: the target, rate, years|months, payments: the deposit needed); ' +
        'present_value (future_value, rate, years|months, compounding); cagr (start, end, years); ' +
        'break_even (fixed_costs, price, variable_cost per unit, ask units|revenue)',
    },
    principal: { type: 'number' },
    rate: { type: 'number', description: 'annual rate as people say it: 4.5 for 4.5%' },
    years: { type: 'number' },
    months: { type: 'number' },
    compounding: { type: 'string', enum: COMPOUNDING, description: 'default annually' },
    payments: {
      type: 'string',
      enum: ['monthly', 'quarterly', 'annually', 'weekly'],
      description: 'default monthly',
    },
    payment: { type: 'number' },
    method: { type: 'string', enum: ['exact', 'rule_of_72'], description: 'doubling_time only' },
    future_value: { type: 'number' },
    start: { type: 'number' },
    end: { type: 'number' },
    fixed_costs: { type: 'number' },
    price: { type: 'number', description: 'selling price per unit' },
    variable_cost: { type: 'number', description: 'variable cost per unit' },
    ask: { type: 'string' },
    currency: { type: 'string', description: 'symbol or code of the amounts: $, €, £, USD' },
  },
  required: ['operation'],
};
