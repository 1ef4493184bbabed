import { trimEnd } from '../trimEnd';
import type { Reader } from './types';

/**
 * Statistics over a list as people ask them: "median of 3, 9, 4, 12 and 7",
 * "standard deviation of [1 2 3 4]", "population variance for 2, 4, 4, 5",
 * "90th percentile of …", "what's the average of $1,200, $950, $1,430",
 * "Q1 of: 1, 2, 3, 4". The statistic asked becomes calc_statistics'
 * `statistic`, so the answer leads with it.
 */

interface Asked {
  statistic: string;
  percentile?: number;
  population?: boolean;
}

const KEYWORDS: { pattern: RegExp; asked: (m: RegExpExecArray) => Asked }[] = [
  {
    pattern: /\b(?:iqr|inter-?quartile range)\b/i,
    asked: () => ({ statistic: 'iqr' }),
  },
  {
    pattern: /\b(?:first|lower|1st) quartile\b|\bq1\b/i,
    asked: () => ({ statistic: 'percentile', percentile: 25 }),
  },
  {
    pattern: /\b(?:third|upper|3rd) quartile\b|\bq3\b/i,
    asked: () => ({ statistic: 'percentile', percentile: 75 }),
  },
  { pattern: /\b(?:second|2nd) quartile\b|\bq2\b/i, asked: () => ({ statistic: 'median' }) },
  {
    pattern: /\b(\d{1,3}(?:\.\d+)?)(?:st|nd|rd|th)?[ -]percentile\b|\bp(\d{1,2})\b/i,
    asked: (m) => ({ statistic: 'percentile', percentile: Number(m[1] ?? m[2]) }),
  },
  {
    pattern: /\b(?:standard deviation|std\.? dev\.?|stdev|stddev|std|s\.d\.|sd)\b|σ/i,
    asked: () => ({ statistic: 'std' }),
  },
  { pattern: /\bvariance\b|\bvar\b/i, asked: () => ({ statistic: 'variance' }) },
  { pattern: /\bmedian\b/i, asked: () => ({ statistic: 'median' }) },
  {
    pattern: /\b(?:modes?|most (?:common|frequent)(?: (?:value|number))?)\b/i,
    asked: () => ({ statistic: 'mode' }),
  },
  {
    pattern: /\b(?:mean|average|avg|arithmetic mean)\b/i,
    asked: () => ({ statistic: 'mean' }),
  },
  { pattern: /\brange\b/i, asked: () => ({ statistic: 'range' }) },
  {
    pattern: /\b(?:min|minimum|smallest|lowest)\b/i,
    asked: () => ({ statistic: 'min' }),
  },
  {
    pattern: /\b(?:max|maximum|largest|biggest|highest|greatest)\b/i,
    asked: () => ({ statistic: 'max' }),
  },
  { pattern: /\b(?:sum|total|add up|added up)\b/i, asked: () => ({ statistic: 'sum' }) },
  { pattern: /\b(?:count|how many (?:numbers|values))\b/i, asked: () => ({ statistic: 'count' }) },
  {
    pattern: /\b(?:statistics|stats|summary statistics|summary|summari[sz]e|describe)\b/i,
    asked: () => ({ statistic: 'summary' }),
  },
];

/** Words a list question may hold besides its statistic and its numbers. */
const GLUE = new Set(
  (
    'of for in the a an these those this that following numbers number values value data dataset set ' +
    "list series sample population what whats what's is are was find calculate compute work out give me " +
    'tell get and please me us can you could would i need show determine scores score prices price ' +
    'sales amounts figures readings measurements results marks grades times ages items entries my our ' +
    'quick question be with on it its their s per each day daily week weekly month monthly year ' +
    'yearly hour hourly were temps temperatures degrees f c'
  ).split(' '),
);

const NUMBER = /[-−]?(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:\.\d+)?|[-−]?\.\d+/g;

/** The numbers of a list: "3, 9, 4, 12 and 7", "[1 2 3]", "$1,200, $950", "1,2,3". */
export function readNumberList(text: string): number[] | null {
  let t = text.replace(/[$€£¥]/g, '').replace(/%/g, '');
  // "1,2,3": commas without spaces and nothing else between the numbers are separators.
  if (/^[\s[(]*-?[\d.]+(?:,-?[\d.]+)+[\s\])]*$/.test(t) && !/^\s*\d{1,3}(?:,\d{3})+\s*$/.test(t)) {
    t = t.replace(/,/g, ' ');
  }
  const numbers = [...t.matchAll(NUMBER)].map((m) =>
    Number(m[0].replace(/,/g, '').replace('−', '-')),
  );
  return numbers.length && numbers.every(Number.isFinite) ? numbers : null;
}

function onlyGlue(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.every((w) => GLUE.has(w));
}

export const statisticsReader: Reader = (question) => {
  const q = trimEnd(question, '?!.').trim();
  if (!/\d/.test(q)) return null;
  // Every statistic named ("mean, median and mode of …"); the first one named leads.
  const named: { at: number; end: number; asked: Asked }[] = [];
  let rest = q;
  for (const k of KEYWORDS) {
    const m = k.pattern.exec(rest);
    if (!m) continue;
    named.push({ at: m.index, end: m.index + m[0].length, asked: k.asked(m) });
    rest = rest.replace(k.pattern, (x) => ' '.repeat(x.length));
  }
  named.sort((a, b) => a.at - b.at);
  const asked = named[0]?.asked ?? null;
  if (!asked) return null;
  // "median of 4, 8, 6 and the mean of 10, 20": two lists, two questions (split by the caller).
  if (named.length > 1 && /\d/.test(q.slice(named[0]!.end, named[named.length - 1]!.at))) {
    return null;
  }
  // An arithmetic expression or a percentage of something is not a list.
  if (/%\s*(?:of|off)\b|\d\s*[-+*/^×÷x]\s*\d|\d\s*[+*/^×÷=]/i.test(rest)) return null;
  // "the mean of 10 numbers is 5, what is the sum": a word problem, not a list.
  if (/\b(?:is|was|equals)\s+[-−$€£¥]?\d/i.test(rest)) {
    return {
      kind: 'partial',
      domain: 'math',
      understood: 'a statistics word problem',
      missing: 'I only compute statistics of a list of numbers given outright',
    };
  }
  const population = /\bpopulation\b/i.test(q);
  if (population && (asked.statistic === 'std' || asked.statistic === 'variance')) {
    asked.population = true;
  }
  // The numbers are what is left; the rest must be glue ("of the following numbers:").
  const numbers = readNumberList(rest.replace(/[:[\](){};]/g, ' '));
  // "the median salary of $45,000, …": whatever names the list before "of" or ":" is not read.
  const first = rest.search(/[-−$€£¥]?\d/);
  const lead = rest.slice(0, first);
  const listed = /(?:\b(?:of|for|in|across|among|from|are|were)|:)\s*$/i.test(lead)
    ? rest.slice(first)
    : rest;
  const words = listed.replace(NUMBER, ' ').replace(/[$€£¥%,:[\](){};&—–-]/g, ' ');
  if (!numbers || !onlyGlue(words)) {
    return {
      kind: 'partial',
      domain: 'math',
      understood: `the ${asked.statistic === 'std' ? 'standard deviation' : asked.statistic} of a list of numbers`,
      missing: 'I could not tell exactly which numbers make up the list',
    };
  }
  if (numbers.length < 2 && asked.statistic !== 'count') {
    return {
      kind: 'partial',
      domain: 'math',
      understood: `the ${asked.statistic} of a list of numbers`,
      missing: 'I found only one number, not a list',
    };
  }
  return {
    kind: 'reading',
    domain: 'math',
    task: {
      tool: 'calc_statistics',
      args: {
        numbers,
        statistic: asked.statistic,
        ...(asked.percentile !== undefined ? { percentile: asked.percentile } : {}),
        ...(asked.population ? { population: true } : {}),
      },
    },
  };
};
