import type { ComputeDomain, Reader } from './types';

/**
 * The honesty rule's catch-all: a question with numbers that asks for a kind
 * of computation no reader could read is answered with what was understood
 * and what was not — never sent to web search or the documents, which would
 * answer something else with confidence.
 */

const KINDS: { pattern: RegExp; understood: string; domain: ComputeDomain }[] = [
  {
    pattern: /\b(?:loan|mortgage|repayment|installment|annuity|amortiz)/i,
    understood: 'a loan or annuity payment',
    domain: 'math',
  },
  {
    pattern: /\b(?:interest|compound|apr|apy|cagr|growth rate|doubl|invest|return on)/i,
    understood: 'an interest or growth calculation',
    domain: 'math',
  },
  { pattern: /\b(?:break[- ]?even)/i, understood: 'a break-even calculation', domain: 'math' },
  {
    pattern: /%|\bpercent|\bdiscount|\bmargin|\bmarkup|\bmark-up|\bratio\b/i,
    understood: 'a percentage or ratio',
    domain: 'math',
  },
  {
    pattern:
      /\b(?:convert|in (?:celsius|fahrenheit|kelvin|miles|km|kilometers|pounds|kg|kilograms|liters|litres|gallons|feet|meters|inches|cm|ounces|grams)|°[fc]\b)/i,
    understood: 'a unit conversion',
    domain: 'math',
  },
  {
    pattern:
      /\b(?:mean|median|mode|average|variance|std|standard deviation|percentile|quartile|range)\b/i,
    understood: 'a statistic over a list of numbers',
    domain: 'math',
  },
  {
    pattern: /\b(?:solve|equation|[a-z]\s*=|simplify|factor)\b|\b\d*[xyz]\s*[-+*/^=]/i,
    understood: 'an equation to solve',
    domain: 'math',
  },
  {
    pattern: /\b(?:a|the|some) number\b|\bthink of a number\b/i,
    understood: 'a word problem about an unknown number',
    domain: 'math',
  },
  {
    pattern: /\b(?:mph|km\/h|kph|per hour|an hour|how fast|average speed|pace)\b/i,
    understood: 'a speed or rate',
    domain: 'math',
  },
  {
    pattern: /\b(?:time zone|timezone|[ap]\.?m\.?\b.*\bin\b|o'clock)/i,
    understood: 'a time in another time zone',
    domain: 'time',
  },
  {
    pattern:
      /\b(?:days?|weeks?|months?|years?|weekday|birthday|age|born|business days?|working days?)\b/i,
    understood: 'a date calculation',
    domain: 'time',
  },
];

export const unreadComputation: Reader = (q) => {
  if (!/\d/.test(q)) return null;
  const kind = KINDS.find((k) => k.pattern.test(q));
  if (!kind) return null;
  return {
    kind: 'partial',
    domain: kind.domain,
    understood: kind.understood,
    missing:
      'I could not read all of its numbers and what to do with them, so I have not computed anything',
  };
};
