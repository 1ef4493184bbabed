import { compounding, depositPeriod, perMonth, PERIOD, term } from './periods';
import { amountsOf, currencyIn, lead, percentsOf, scan, tail, severalQuestions } from './amounts';
import type { Quantity, Scanned } from './amounts';
import type { PartialReading, Reader, Reading } from './types';

/**
 * Finance questions: "$12,500 at 4.5% compounded monthly for 3 years", "how
 * much interest on £5,000 at 3% simple for 4 years", "how long to double at
 * 7%", "monthly payment on a $300k mortgage at 6.5% for 30 years", "save
 * $200 a month at 5% for 10 years", "CAGR from $1.2M to $2M over 4 years",
 * "break-even with $50,000 fixed costs, $25 price, $15 variable cost".
 * Read into calc_finance; a question of this kind with a number missing is a
 * PartialReading that names it.
 */

type Args = Record<string, unknown>;

function reading(args: Args, s: Scanned): Reading {
  const currency = currencyIn(s);
  return {
    kind: 'reading',
    domain: 'math',
    task: { tool: 'calc_finance', args: currency ? { ...args, currency } : args },
  };
}

function partial(understood: string, missing: string[]): PartialReading {
  return {
    kind: 'partial',
    domain: 'math',
    understood,
    missing: `I could not find ${missing.join(' or ')} in it`,
  };
}

/** Amounts that are not the time span (and, for a rate, not a percentage). */
function moneyAmounts(s: Scanned, used: Quantity[]): Quantity[] {
  return amountsOf(s).filter((q) => !used.includes(q) && !/^\s*(?:times|x)\b/.test(q.after));
}

function growthQuestion(s: Scanned): Reading | PartialReading | null {
  const t = s.template;
  const rate = percentsOf(s);
  const span = term(s);
  const money = moneyAmounts(s, span?.used ?? []);
  // Without a term or an interest word ("15% of my paycheck goes to savings") it is not a growth question.
  if (!span && !/\b(?:interest|compound(?:ed|ing)?|apy|apr)\b/.test(t)) return null;
  const missing: string[] = [];
  if (rate.length !== 1) missing.push('one interest rate');
  if (!span) missing.push('how many years');
  // Regular deposits: an amount followed by its period ("$200 a month"), not a rate's ("6% a year").
  const saves =
    money.some((q) => PERIOD.test(q.after)) ||
    /\b(?:monthly|yearly|annual|weekly|quarterly) (?:deposits?|contributions?|savings|payments?) of N\d+/.test(
      t,
    );
  const target =
    /\bhow much (?:do|should|would|must) (?:i|we|you) (?:need to )?(?:invest|deposit|put|save)\b.*\b(?:to (?:have|reach|get|end up with)|for)\b|\bpresent value\b/.test(
      t,
    );
  if (money.length !== 1) missing.push('the amount');
  const understood = saves
    ? 'savings with regular deposits'
    : target
      ? 'a present value'
      : 'an interest calculation';
  if (missing.length) return partial(understood, missing);
  // "2% a month" is a monthly rate: 24% a year compounded monthly gives the same (1 + 2%)^n.
  const monthly = perMonth(rate[0]!);
  // A value that loses a share each period ("depreciates 15% a year") shrinks at that rate.
  const shrinks =
    /\b(?:depreciat\w*|declin(?:e|es|ing)|los(?:e|es|ing) (?:value|P\d+)|shrink(?:s|ing)?|decay(?:s|ing)?|decreas(?:e|es|ing) (?:by )?P\d+ (?:a|per|each|every))\b/.test(
      t,
    );
  const perPeriod = monthly ? rate[0]!.value * 12 : rate[0]!.value;
  const base = { rate: shrinks ? -perPeriod : perPeriod, ...span!.span };
  if (saves) {
    const deposit = money.find((q) => PERIOD.test(q.after));
    const payments = depositPeriod(deposit ? deposit.after : t);
    if (!payments) return partial(understood, ['how often the deposits are made']);
    return reading({ operation: 'savings', payment: money[0]!.value, payments, ...base }, s);
  }
  const c = monthly ? 'monthly' : compounding(t);
  if (target) {
    // "save each month to reach $50,000": the regular deposit that gets there.
    // "invest today at 5% a year": one sum now; "a year" there is the rate's, not a deposit's.
    const lumpSum = /\b(?:today|now|up ?front|lump sum|one-?off|at once)\b/.test(t);
    const every = lumpSum
      ? null
      : depositPeriod(
          t
            .replace(/\bcompound\w* \w+/g, '')
            .replace(/\bP\d+\s+(?:(?:a|per|each|every) \w+|\w+ly)\b/g, ''),
        );
    if (every) {
      return reading(
        { operation: 'savings_payment', future_value: money[0]!.value, payments: every, ...base },
        s,
      );
    }
    return reading(
      {
        operation: 'present_value',
        future_value: money[0]!.value,
        compounding: c ?? 'annually',
        ...base,
      },
      s,
    );
  }
  const simple = /\bsimple\b/.test(t);
  const compoundWords =
    monthly ||
    shrinks ||
    /\binflation\b/.test(t) ||
    /\b(?:grow|grows|rise|rises|increase|increases) (?:by )?P\d+ (?:a|per|each|every) year\b/.test(
      t,
    ) ||
    /\bcompound(?:ed|ing)?\b|\bfuture value\b|\bapy\b|\bgrow(?:s|n)?\b|\bworth\b|\bturn into\b|\bbecome\b|\binvest(?:ed|ment)?\b|\bsavings account\b|\breturns?\b/.test(
      t,
    );
  const interestAsked =
    /\bhow much (?:in )?interest\b|\binterest (?:earned|paid|will|would|do|does|did|is|accrued|gained|on)\b|\bearn(?:ed|s)? (?:in )?interest\b|\b(?:what|calculate|find|compute)(?:'s| is| are)? (?:the )?(?:total )?(?:compound |simple )?interest\b|^(?:the )?(?:compound |simple )?interest\b|\bhow much (?:will|would|do|does|did) (?:i|we|you|it|they) earn\b/.test(
      t,
    );
  const totalAsked =
    /\b(?:total|balance|end up with|have|worth|grow to|future value|amount)\b/.test(t);
  // Over one year, simple and annually compounded interest are the same.
  const withinAYear = (span!.span.years ?? 0) + (span!.span.months ?? 0) / 12 === 1;
  if (simple || (!compoundWords && !c && withinAYear)) {
    return reading(
      {
        operation: 'simple_interest',
        principal: money[0]!.value,
        ask: totalAsked && !interestAsked ? 'total' : 'interest',
        ...base,
      },
      s,
    );
  }
  if (!compoundWords && !c) {
    return partial('an interest calculation', [
      'whether the interest is simple or compounded (and how often)',
    ]);
  }
  return reading(
    {
      operation: 'compound',
      principal: money[0]!.value,
      compounding: c ?? 'annually',
      ask: interestAsked ? 'interest' : 'future_value',
      ...base,
    },
    s,
  );
}

function ruleOf72(s: Scanned): boolean {
  const m = /\brule of (N\d+|seventy-two)\b/.exec(s.template);
  return !!m && (m[1] === 'seventy-two' || s.quantities[Number(m[1]!.slice(1))]!.value === 72);
}

function doubling(s: Scanned): Reading | PartialReading {
  const rate = percentsOf(s);
  if (rate.length !== 1) return partial('a doubling time', ['one growth or interest rate']);
  return reading(
    {
      operation: 'doubling_time',
      rate: rate[0]!.value,
      compounding: compounding(s.template) ?? 'annually',
      ...(ruleOf72(s) ? { method: 'rule_of_72' } : {}),
    },
    s,
  );
}

function loan(s: Scanned): Reading | PartialReading {
  const t = s.template;
  const rate = percentsOf(s).filter((p) => !/^\s*(?:down|deposit)\b/.test(p.after));
  const down = s.quantities.find(
    (q) =>
      /^\s*(?:down(?: payment)?|deposit)\b/.test(q.after) || /\bdown payment of $/.test(q.before),
  );
  const span = term(s);
  const money = moneyAmounts(s, [...(span?.used ?? []), ...(down ? [down] : [])]);
  const missing: string[] = [];
  if (money.length !== 1) missing.push('the amount borrowed');
  if (rate.length !== 1) missing.push('one interest rate');
  if (!span) missing.push('the term');
  if (missing.length) return partial('a loan payment', missing);
  let principal = money[0]!.value;
  if (down)
    principal =
      down.kind === 'percent' ? principal * (1 - down.value / 100) : principal - down.value;
  // "what's the payment …, and how much interest in total": the payment, asked first, leads.
  const paymentFirst =
    /^(?:what(?:'s| is| are| will be| would be)|how much (?:is|are|will be|would be)) (?:the |my |our )?(?:monthly |weekly |yearly |annual )?(?:payment|repayment|installment)s?\b/.test(
      t,
    );
  const ask = paymentFirst
    ? 'payment'
    : /\btotal interest\b|\binterest (?:will|would|do|does|paid|in total|overall)\b|\bhow much interest\b/.test(
          t,
        )
      ? 'total_interest'
      : /\btotal (?:amount |cost )?(?:paid|repaid|to repay|of the loan|cost)\b|\bpay (?:back )?in total\b|\bin total\b/.test(
            t,
          )
        ? 'total_paid'
        : 'payment';
  const payments =
    /\b(?:annual|yearly) (?:payments?|repayments?|installments?)\b|\bpay (?:once )?(?:a|per|each) year\b/.test(
      t,
    )
      ? 'annually'
      : /\bquarterly\b/.test(t)
        ? 'quarterly'
        : /\bweekly\b/.test(t)
          ? 'weekly'
          : 'monthly';
  return reading(
    {
      operation: 'loan_payment',
      principal,
      rate: perMonth(rate[0]!) && payments === 'monthly' ? rate[0]!.value * 12 : rate[0]!.value,
      payments,
      ask,
      ...span!.span,
    },
    s,
  );
}

function cagr(s: Scanned): Reading | PartialReading {
  const span = term(s);
  const ends = /\bfrom (N\d+)(?: in N\d+)? (?:to|up to|down to) (N\d+)\b/.exec(s.template);
  const money = moneyAmounts(s, span?.used ?? []);
  const [start, end] = ends
    ? [s.quantities[Number(ends[1]!.slice(1))]!, s.quantities[Number(ends[2]!.slice(1))]!]
    : money;
  const missing: string[] = [];
  if (!start || !end || money.length !== 2) missing.push('a start and an end value');
  if (!span) missing.push('how many years');
  if (missing.length) return partial('a compound annual growth rate', missing);
  return reading({ operation: 'cagr', start: start!.value, end: end!.value, ...span!.span }, s);
}

function breakEven(s: Scanned): Reading | PartialReading {
  const money = amountsOf(s);
  const near = (q: Quantity) => `${lead(q)} | ${tail(q)}`;
  const fixedCosts = money.find((q) =>
    /\b(?:fixed|overheads?|rent|set-?up|start-?up)\b/.test(near(q)),
  );
  const variable = money.find(
    (q) =>
      q !== fixedCosts &&
      (/\b(?:variable|unit cost|cost per unit|cost(?:s|ing)?|make|produce|materials)\b/.test(
        lead(q),
      ) ||
        /^\s*(?:each |per unit |a unit )?(?:to make|to produce|in variable|variable|in materials)\b/.test(
          tail(q),
        )),
  );
  const price = money.find(
    (q) =>
      q !== fixedCosts &&
      q !== variable &&
      (/\b(?:price[ds]?|sell|sells|sold|selling|charge|charging|for|retail)\b/.test(lead(q)) ||
        /^\s*(?:each |per unit |a unit )?(?:selling )?price\b/.test(tail(q))),
  );
  const missing: string[] = [];
  if (!fixedCosts) missing.push('the fixed costs');
  if (!price) missing.push('the selling price per unit');
  if (!variable) missing.push('the variable cost per unit');
  if (missing.length || money.length !== 3) {
    return partial(
      'a break-even calculation',
      missing.length ? missing : ['which amount is which'],
    );
  }
  const ask = /\brevenue\b|\bsales (?:dollars|value)\b|\bhow much (?:in )?sales\b/.test(s.template)
    ? 'revenue'
    : 'units';
  return reading(
    {
      operation: 'break_even',
      fixed_costs: fixedCosts!.value,
      price: price!.value,
      variable_cost: variable!.value,
      ask,
    },
    s,
  );
}

const readFinance: Reader = (q) => {
  if (severalQuestions(q)) return null;
  const s = scan(q);
  const t = s.template;
  if (!s.quantities.length) return null;
  if (/\bbreak[- ]?even\b/.test(t)) return breakEven(s);
  if (
    /\bcagr\b|\bcompound(?:ed)? annual growth\b|\b(?:average )?annual(?:i[sz]ed)? (?:growth|return)(?: rate)?\b|\bgrowth rate per year\b|\b(?:grow|grew|growth)\b.*\b(?:per year|a year|each year|annually)\b/.test(
      t,
    ) &&
    percentsOf(s).length === 0
  ) {
    return cagr(s);
  }
  if (
    /\bdoubl(?:e|es|ed|ing)\b/.test(t) &&
    /\b(?:how long|how many years|when|time|years? (?:to|until|for)|doubling)\b/.test(t)
  ) {
    return doubling(s);
  }
  if (
    /\b(?:loan|mortgage|borrow(?:ed|ing)?|financ(?:e|ed|ing)|repay(?:ment)?s?|amorti[sz]|installments?|car payment|annuity payment|(?:monthly|annual|quarterly|weekly) (?:re)?payments?|payments? (?:on|for))\b/.test(
      t,
    )
  ) {
    return loan(s);
  }
  if (
    /\binterest\b|\bcompound(?:ed|ing)?\b|\bapy\b|\bapr\b|\binvest(?:ed|ment|ing)?\b|\bdeposit(?:ed|ing)?\b|\bsav(?:e|es|ed|ing|ings)\b|\binto\b|\bput (?:away|aside)\b|\bcontribut\w*\b|\bgrow(?:s|ing)?\b|\bgrow to\b|\bbecome\b|\bturn into\b|\binflation\b|\bdepreciat\w*\b|\b(?:rise|rises|increase|increases) (?:by )?P\d+ (?:a|per|each|every) year\b|\bworth\b|\bpresent value\b|\bfuture value\b/.test(
      t,
    ) &&
    percentsOf(s).length
  ) {
    return growthQuestion(s);
  }
  // "€150 a month at 4% for 5 years": regular deposits with a rate and a term, whatever the verb.
  const span = term(s);
  if (
    percentsOf(s).length &&
    span &&
    moneyAmounts(s, span.used).some((q) => PERIOD.test(q.after))
  ) {
    return growthQuestion(s);
  }
  return null;
};

/** A number written with a decimal comma ("4,5 %") could be read two ways: say so rather than guess. */
export const financeReader: Reader = (q, now) => {
  const reading = readFinance(q, now);
  if (!reading || !scan(q).decimalComma) return reading;
  return {
    kind: 'partial',
    domain: 'math',
    understood: 'a finance question',
    missing:
      'a number is written with a decimal comma (such as 4,5), which I could misread — please write it with a decimal point',
  };
};
