import { amountsOf, currencyIn, lead, percentsOf, scan, tail, severalQuestions } from './amounts';
import type { Quantity, Scanned } from './amounts';
import { looksLikeMaths } from './legacy';
import type { PartialReading, Reader, Reading } from './types';
import { stripFillers } from './words';

/**
 * Percentage questions as people ask them: "what's 15% of $240", "45 is what
 * percent of 180", "$68 is 85% of what", "our revenue went from $1.2M to
 * $1.5M, what's the growth?", "a jacket is $80 and 25% off, what do I pay?",
 * "I paid $68 after 15% off, what was the original price?", "18% tip on
 * $64.50", margin and markup from cost and price. Read into calc_percentage.
 */

const CHANGE_UP =
  /\b(?:increase[sd]?|rise|rose|risen|grow|grew|grown|growth|gain(?:ed)?|up|climb(?:ed)?|jump(?:ed)?)\b/;
const CHANGE_DOWN =
  /\b(?:decrease[sd]?|decline[sd]?|drop(?:ped)?|fell|fall(?:en)?|down|lost|lose|shrank|shrink|cut|reduc(?:e|ed|tion))\b/;
const PERCENTISH =
  /%|\bpercent|\bper cent|\bpercentage|\bgrowth\b|\brate\b|\bby what\b|\brelative\b/;
const DISCOUNT =
  /\b(?:off|discount(?:ed)?|sale|reduced|reduction|markdown|marked down|cheaper|less|decrease[sd]?|lower(?:ed)?|cut|drop(?:s|ped)?|falls?|fell|lose|loses|lost|down)\b/;
const ADDITION =
  /\b(?:tax|vat|gst|sales tax|tip|gratuity|service charge|surcharge|fee|commission|raise|bonus|increase[sd]?|rise|up|more|added?|plus|inflation|hike|grows?|grew)\b/;
const SMALL_PART =
  /\b(?:tax|vat|gst|tip|gratuity|service charge|surcharge|fee|commission|bonus|raise)\b/;
const TOTAL =
  /\b(?:total|in all|altogether|all in|with|including|incl|after|final|new|end up|pay|paying|owe|come to|comes to|add(?:ed|ing)?)\b/;
const SAVED =
  /\b(?:save|saving|savings|saved|how much off|discount amount|amount off|how much is the discount)\b/;
const ORIGINAL =
  /\b(?:original(?:ly)?|before|pre-?(?:tax|discount|sale)|full price|regular price|list price|without|excluding|excl|was it|used to)\b/;

function reading(args: Record<string, unknown>, s: Scanned): Reading {
  const currency = currencyIn(s);
  return {
    kind: 'reading',
    domain: 'math',
    task: { tool: 'calc_percentage', args: currency ? { ...args, currency } : args },
  };
}

function partial(missing: string): PartialReading {
  return { kind: 'partial', domain: 'math', understood: 'a percentage question', missing };
}

const index = (t: string) => Number(t.slice(1));

/** "from A to B" between two amounts or two percentages. */
function change(s: Scanned): Reading | PartialReading | null {
  const t = s.template;
  const pair =
    /\bfrom ([NP]\d+)[a-z°]*(?: (?!to\b)[a-z]+)? (?:to|up to|down to|→|->) ([NP]\d+)/.exec(t) ??
    /\b([NP]\d+)\b[^NP]*\b(?:last|previous|prior) (?:year|month|quarter|week|season)\b[^NP]*?\b([NP]\d+)\b[^NP]*\bthis (?:year|month|quarter|week|season)\b/.exec(
      t,
    ) ??
    /\bbetween ([NP]\d+) and ([NP]\d+)/.exec(t) ??
    /\bwas ([NP]\d+)\b.*\b(?:now|is|became|to|this year|today)\b.*?([NP]\d+)/.exec(t) ??
    /^([NP]\d+) (?:to|→|->) ([NP]\d+)$/.exec(
      t.replace(/^(?:percent(?:age)? change|change|growth|increase|decrease)(?: from)? /, ''),
    );
  const reversed =
    !pair &&
    /\b([NP]\d+)\b[^NP]*\bthis (?:year|month|quarter|week|season)\b[^NP]*?\b([NP]\d+)\b[^NP]*\b(?:last|previous|prior) (?:year|month|quarter|week|season)\b/.exec(
      t,
    );
  if (reversed) return changeBetween(s, reversed[2]!, reversed[1]!);
  // "last month 1,200 visitors, this month 1,500"
  const lastThis =
    !pair &&
    /\b(?:last|previous|prior) (year|month|quarter|week|season)\b[^NP]{0,25}?\b([NP]\d+)\b[^NP]*\bthis \1\b[^NP]{0,25}?\b([NP]\d+)/.exec(
      t,
    );
  if (lastThis) return changeBetween(s, lastThis[2]!, lastThis[3]!);
  // "80, up from 64 last year": the later value first.
  const upFrom =
    !pair &&
    /\b([NP]\d+)\b[^NP]{0,20}?\b(?:up|down|rising|falling|increased|decreased|grown|dropped) from ([NP]\d+)/.exec(
      t,
    );
  if (upFrom) return changeBetween(s, upFrom[2]!, upFrom[1]!);
  if (!pair) return null;
  return changeBetween(s, pair[1]!, pair[2]!);
}

function changeBetween(s: Scanned, first: string, second: string): Reading | PartialReading | null {
  const t = s.template;
  const [a, b] = [first, second].map((e) => s.quantities[index(e)]!) as [Quantity, Quantity];
  if (s.quantities.length !== 2) return null;
  const down =
    CHANGE_DOWN.test(t) || /\b(?:discount|off|cheaper|less|lower|smaller|markdown|below)\b/.test(t);
  const up = CHANGE_UP.test(t) || /\b(?:more|higher|bigger|larger|greater|above|markup)\b/.test(t);
  const direction = down && !up ? 'decrease' : up && !down ? 'increase' : 'change';
  if (a.kind === 'percent' && b.kind === 'percent') {
    if (/\bpoints?\b|\bpp\b/.test(t)) {
      return reading({ operation: 'point_change', from: a.value, to: b.value, direction }, s);
    }
    if (
      /\b(?:percent(?:age)? (?:change|increase|decrease|growth)|relative|by what percent(?:age)?|what percent(?:age)?)\b/.test(
        t,
      )
    ) {
      return reading({ operation: 'change', from: a.value, to: b.value, direction }, s);
    }
    return partial(
      'whether you mean the change in percentage points or the relative change in percent',
    );
  }
  if (a.kind !== b.kind) return null;
  // "Percentage difference" is also |a − b| over their mean: which one is meant is not said.
  if (/\bpercent(?:age)? difference\b|\bdifference in percent/.test(t)) {
    return partial(
      'whether you mean the percentage change from the first value or the difference relative to their average',
    );
  }
  const absolute =
    /\b(?:how much (?:more|less|higher|lower)|difference|by how many|how many more)\b/.test(t) &&
    !PERCENTISH.test(t);
  if (absolute) return null;
  return reading({ operation: 'change', from: a.value, to: b.value, direction }, s);
}

/** "what percent of B is A", "A is what % of B", "A out of B as a percentage", a share of a total. */
function whatPercent(s: Scanned): Reading | PartialReading | null {
  const t = s.template;
  if (percentsOf(s).length) return null;
  const amounts = amountsOf(s);
  // "60 is what percent less than 80": a change from the second to the first, not a share.
  const than =
    /\b(N\d+) is what (?:percent(?:age)?|%) (?:more|less|higher|lower|bigger|smaller|larger|greater|cheaper|above|below) (?:than )?(N\d+)/.exec(
      t,
    );
  if (than) return changeBetween(s, than[2]!, than[1]!);
  if (
    amounts.length === 2 &&
    /\bwhat (?:percent(?:age)?|%) (?:discount|off|decrease|increase|more|less|higher|lower|cheaper|change|markup|raise|drop|rise|bigger|smaller|larger)\b|\b(?:discount|markdown)\b/.test(
      t,
    )
  ) {
    const [x, y] = amounts as [Quantity, Quantity];
    const name = (q: Quantity) => `N${s.quantities.indexOf(q)}`;
    // "what percent discount is $60 from $80": a change from the amount after "from".
    const base =
      /\b(?:from|instead of|down from|reduced from|was) (?:an? |the )?(?:original |regular |list |full )?(?:price )?(?:of )?(N\d+)/.exec(
        t,
      );
    if (base) return changeBetween(s, base[1]!, base[1] === name(x) ? name(y) : name(x));
    // "the discount is $15 on a $60 item": the discount is a share of the price.
    const isDiscount = (q: Quantity) =>
      /\b(?:discount|saving|savings|markdown) (?:is|was|of)\s*$|\bsav(?:e|ed|ing)\s*$/.test(
        lead(q),
      ) || /^\s*(?:off|discount|cheaper|less|saving)\b/.test(tail(q));
    const discount = amounts.find(isDiscount);
    if (discount) {
      const whole = discount === x ? y : x;
      return reading({ operation: 'what_percent', part: discount.value, whole: whole.value }, s);
    }
    // "a $120 jacket on sale for $90, what percent off": a change to the sale price.
    const sale = amounts.find((q) =>
      /\b(?:for|now|pay|paid|reduced to|down to|discounted to|costs?)\s*$/.test(lead(q)),
    );
    if (sale && /%|\bpercent/.test(t))
      return changeBetween(s, name(sale === x ? y : x), name(sale));
    return partial('which amount is the original price and which the discount or the new price');
  }
  if (
    amounts.length === 1 &&
    /\bas an? (?:percent(?:age)?|%)|\bin percent\b|\bto (?:a )?percent(?:age)?\b/.test(t)
  ) {
    return reading({ operation: 'what_percent', part: amounts[0]!.value, whole: 1 }, s);
  }
  if (amounts.length !== 2) return null;
  const asks =
    /\bwhat (?:percent(?:age)?|%|share|proportion|portion|part|fraction)\b|\b(?:conversion|response|click[- ]?through|success|pass|failure|error|churn|retention|open|attendance|occupancy|completion|win|approval|bounce|turnout|hit) rate\b|\bas an? (?:percent(?:age)?|%|share)\b|\bin percent\b|\bpercentage of\b|\b(?:what|which) is the (?:percent(?:age)?|share)\b|\bhow many percent\b|\b(?:our|my|their|the|its) (?:market )?share\b|\bpercent(?:age)?\b/.test(
      t,
    );
  if (!asks) return null;
  const fraction = /\bN(\d+) ?(?:\/|over|out of) ?N(\d+)\b/.exec(t);
  if (fraction) {
    const [part, whole] = [s.quantities[Number(fraction[1])]!, s.quantities[Number(fraction[2])]!];
    return reading({ operation: 'what_percent', part: part.value, whole: whole.value }, s);
  }
  // The whole is the amount after "of" / "out of" / "from a total of"; the part the other one.
  const whole =
    /\b(?:out of|of|from|in|on) (?:an? |the |my |our |your |their |his |her |its )?(?:total |market |budget |class |group |population )?(?:of )?(N\d+)/.exec(
      t,
    );
  let wholeAt = whole ? index(whole[1]!) : -1;
  if (wholeAt < 0) {
    if (/\bN\d+ (?:\/|over) N\d+/.test(t)) wholeAt = s.quantities.indexOf(amounts[1]!);
    else return null;
  }
  const part = amounts.find((q) => s.quantities.indexOf(q) !== wholeAt)!;
  return reading(
    { operation: 'what_percent', part: part.value, whole: s.quantities[wholeAt]!.value },
    s,
  );
}

/** One amount and one percentage: of, of what, after/before a discount or tax, tip, markup, margin. */
function withPercent(s: Scanned): Reading | PartialReading | null {
  const t = s.template;
  const amounts = amountsOf(s);
  const percents = percentsOf(s);
  if (percents.length !== 1 || amounts.length > 1) return null;
  const p = percents[0]!;
  const pi = s.quantities.indexOf(p);
  if (amounts.length === 0) return null;
  const v = amounts[0]!;
  // "N is P of what", "P of what is N", "P of it is N, what's the total"
  // ("what is the total" after a tax or a discount asks for the amount with it, below.)
  const changed = DISCOUNT.test(t) || ADDITION.test(t);
  if (
    /\bof (?:what|which)\b|\bwhat (?:number|amount|value)\b.*\bP\d+ of\b|\bP\d+ of (?:what|which|a number|the total|the whole|an amount)\b/.test(
      t,
    ) ||
    (!changed && /\b(?:what|how much) (?:is|was) the (?:total|whole|full amount)\b/.test(t))
  ) {
    return reading({ operation: 'whole_from_part', part: v.value, percent: p.value }, s);
  }
  if (/\bmargin\b/.test(t)) {
    const given = givenRole(v, t);
    if (!given) return partial('whether the amount is the cost or the selling price');
    return reading(
      given === 'cost'
        ? { operation: 'price_for_margin', cost: v.value, percent: p.value }
        : { operation: 'cost_for_margin', price: v.value, percent: p.value },
      s,
    );
  }
  if (/\bmark-? ?up\b/.test(t)) {
    const given = givenRole(v, t);
    if (!given) return partial('whether the amount is the cost or the selling price');
    return reading(
      given === 'cost'
        ? { operation: 'price_for_markup', cost: v.value, percent: p.value }
        : { operation: 'cost_for_markup', price: v.value, percent: p.value },
      s,
    );
  }
  // Asked for the amount before the change: "… to $450, what were they before?", "what was the original price …".
  const lastToken = /[NP]\d+(?!.*[NP]\d)/.exec(t)!;
  const asked = t.slice(lastToken.index + lastToken[0].length);
  const reverse =
    ORIGINAL.test(asked) ||
    /\b(?:what(?:'s| is| was| were)|how much (?:was|were|is|did))(?: (?:the|it|they|its|their|my))? (?:original|regular|list|full|pre-?\w+|before)/.test(
      t,
    );
  const down = DISCOUNT.test(t);
  const up = ADDITION.test(t);
  if (reverse && (down || up) && !(down && up)) {
    return reading(
      { operation: down ? 'before_subtract' : 'before_add', value: v.value, percent: p.value },
      s,
    );
  }
  if (down && !up) {
    const ask = SAVED.test(t) ? 'amount' : 'total';
    return reading(
      {
        operation: 'subtract_percent',
        value: v.value,
        percent: p.value,
        ask,
        label: labelOf(t, 'discount'),
      },
      s,
    );
  }
  if (up && !down) {
    // "an 18% tip on $64.50" asks for the tip; "add 20% VAT to £150" or "the total with" for the sum.
    const small = SMALL_PART.test(t);
    const ask = !small || TOTAL.test(t) ? 'total' : 'amount';
    return reading(
      {
        operation: 'add_percent',
        value: v.value,
        percent: p.value,
        ask,
        label: labelOf(t, 'increase'),
      },
      s,
    );
  }
  // Plainly "P of N".
  if (
    new RegExp(`\\bP${pi} of (?:the |a |an )?(?:[a-z]+ ){0,3}N${s.quantities.indexOf(v)}\\b`).test(
      t,
    )
  ) {
    if (down || up) return partial('whether the percentage is added or taken off');
    return reading({ operation: 'percent_of', percent: p.value, value: v.value }, s);
  }
  return null;
}

/** Is the one amount of a margin or markup question the cost or the price? From its words, else from what is asked. */
function givenRole(v: Quantity, t: string): 'cost' | 'price' | null {
  const before = lead(v);
  if (
    /\b(?:cost(?:s|ing)?|buy|bought|purchase[sd]?|pay|paid|wholesale|make|made|cogs)\b/.test(before)
  )
    return 'cost';
  if (/\b(?:sell|sells|sold|selling|price[ds]?|charge[sd]?|retail(?:s)?|list)\b/.test(before))
    return 'price';
  const asksPrice = /\b(?:what|how much)\b[^.]*\b(?:price|charge|sell|selling|retail)\b/.test(t);
  const asksCost = /\b(?:what|how much)\b[^.]*\b(?:cost|pay|paid|buy)\b/.test(t);
  if (asksPrice && !asksCost) return 'cost';
  if (asksCost && !asksPrice) return 'price';
  return null;
}

function labelOf(t: string, fallback: string): string {
  const found =
    /\b(tax|vat|gst|tip|gratuity|service charge|surcharge|fee|commission|raise|bonus|discount|inflation)\b/.exec(
      t,
    )?.[1];
  return found === 'vat' || found === 'gst' ? found.toUpperCase() : (found ?? fallback);
}

/** Margin or markup from a cost and a price (or profit over revenue). */
function marginOrMarkup(s: Scanned): Reading | PartialReading | null {
  const t = s.template;
  const kind = /\bmargin\b/.test(t) ? 'margin' : /\bmark-? ?up\b/.test(t) ? 'markup' : null;
  if (!kind || percentsOf(s).length) return null;
  const amounts = amountsOf(s);
  if (amounts.length !== 2) return null;
  const near = (q: Quantity, words: RegExp) => words.test(lead(q)) || words.test(tail(q));
  const REVENUE = /\b(?:revenue|sales|sale|turnover|selling price|price|sell|sells|sold)\b/;
  const COST = /\b(?:cost|costs|cogs|expenses?|buy|bought|paid)\b/;
  const profit = amounts.find(
    (q) =>
      /\b(?:profit|net income|earnings|gain)(?: of| is| was| were)?\s*$/.test(lead(q)) ||
      /^\s*(?:in )?(?:profit|net income|gain)\b/.test(tail(q)),
  );
  if (profit) {
    // Margin is profit over price, markup profit over cost: the other amount says which it is.
    const other = amounts.find((q) => q !== profit)!;
    const otherIsCost = near(other, COST) && !near(other, REVENUE);
    const otherIsPrice = near(other, REVENUE) && !near(other, COST);
    if (!otherIsCost && !otherIsPrice)
      return partial('whether the other amount is the cost or the price');
    const price = otherIsPrice ? other.value : other.value + profit.value;
    const cost = otherIsCost ? other.value : other.value - profit.value;
    return reading({ operation: kind, cost, price }, s);
  }
  const costWords =
    /\b(?:cost|costs|cogs|buy|bought|purchase[sd]?|wholesale|make|made|pay|paid|expenses?)\b/;
  const priceWords = /\b(?:sell|sells|sold|price|retail|charge|charging|revenue|sales|list)\b/;
  let cost = amounts.find(
    (q) =>
      costWords.test(lead(q)) || /^\s*(?:to make|each to make|to produce|in cost)/.test(tail(q)),
  );
  let price = amounts.find((q) => q !== cost && priceWords.test(lead(q)));
  if (!cost || !price || cost === price) {
    // Without words for the roles, the cost is the smaller (a margin on a loss is rarely asked).
    const [x, y] = amounts as [Quantity, Quantity];
    [cost, price] = x.value <= y.value ? [x, y] : [y, x];
  }
  return reading({ operation: kind, cost: cost.value, price: price.value }, s);
}

const readPercentage: Reader = (q) => {
  if (severalQuestions(q)) return null;
  const s = scan(q);
  if (
    !/%|\bpercent|\bper cent|\bmargin\b|\bmark-? ?up\b|\bshare\b|\bproportion\b|\bgrowth\b|\bgrew\b|\bincrease|\bdecrease|\bchange\b|\bdiscount|\boff\b|\btip\b|\btax\b|\bdrop|\bfell\b|\brose\b|\bwent from\b|\bdeclin|\brate\b/i.test(
      q,
    )
  ) {
    return null;
  }
  if (
    s.quantities.length < 2 &&
    !/\bas an? (?:percent(?:age)?|%)|\bto (?:a )?percent(?:age)?\b/i.test(q)
  )
    return null;
  // Times of day belong to the calendar expert ("the change from 3 pm to 5 pm").
  if (/\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\b\d{1,2}:\d{2}\b/i.test(q)) return null;
  // A plain expression without money ("12.5% of 2,480", "15% off 80") stays with calc_evaluate.
  if (!currencyIn(s) && looksLikeMaths(stripFillers(q))) return null;
  // Growth over one year ("from 3,200 to 5,000 in a year") is a plain change; over years, finance's.
  if (
    /\b(?:interest|compound|loan|mortgage|cagr|annual(?:ly)?|per year|a year|each year|break[- ]?even|double|doubling)\b/.test(
      s.template.replace(/\b(?:in|over|within|after) (?:a|one) year\b/g, ''),
    )
  ) {
    return null;
  }
  return marginOrMarkup(s) ?? change(s) ?? whatPercent(s) ?? withPercent(s);
};

/** A number written with a decimal comma ("4,5 %") could be read two ways: say so rather than guess. */
export const percentageReader: Reader = (q, now) => {
  const reading = readPercentage(q, now);
  if (!scan(q).decimalComma || !(reading || /%|\bpercent/i.test(q))) return reading;
  return {
    kind: 'partial',
    domain: 'math',
    understood: 'a percentage question',
    missing:
      'a number is written with a decimal comma (such as 4,5), which I could misread — please write it with a decimal point',
  };
};
