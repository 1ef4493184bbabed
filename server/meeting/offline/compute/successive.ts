import type { Reader } from './types';

/**
 * Percentage changes one after another: "a stock falls 20% and then rises
 * 20%, what is the overall change?", "a 10% raise followed by a 5% cut",
 * "$250 goes up 10% then down 10%, what is it now?". They multiply, so
 * calc_percentage's `successive` works them out (−4 %, not 0).
 */

const UP = String.raw`rise[sn]?|rose|up|increase[sd]?|grows?|grew|gain(?:s|ed)?|jump(?:s|ed)?|climb(?:s|ed)?|raised?|goes up|went up|is up|was up`;
const DOWN = String.raw`falls?|fallen|fell|down|decrease[sd]?|drop(?:s|ped)?|los(?:es|e|t)|declin(?:es|ed|e)|cut|shr(?:inks?|ank)|goes down|went down|plunge[sd]?|slip(?:s|ped)?|is down|was down`;
const PERCENT = String.raw`(\d+(?:\.\d+)?)\s*(?:%|percent\b)`;

/** "rises 20%", "down by 5 percent". */
const VERB_FIRST = new RegExp(
  String.raw`\b(${UP}|${DOWN})\s+(?:by\s+)?(?:another\s+)?${PERCENT}`,
  'gi',
);
/** "a 10% raise", "a 5% cut". */
const NOUN_AFTER = new RegExp(
  String.raw`${PERCENT}\s+(raise|increase|rise|gain|growth|jump|cut|decrease|drop|fall|decline|discount|loss|markdown|reduction)\b`,
  'gi',
);
const DOWN_WORD = new RegExp(
  String.raw`^(?:${DOWN}|decrease|drop|fall|decline|discount|loss|markdown|reduction)$`,
  'i',
);
const ASKS =
  /\b(?:overall|net|total|combined|in all|altogether|end up|ends? up|now|final(?:ly)?|after (?:both|all|that|these)|percent(?:age)? change|how much (?:is it|did it|has it)|what(?:'s| is) it (?:worth )?now)\b/i;
const MONEY =
  /[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:dollars|euros|pounds|usd|eur|gbp)\b/gi;

export const successiveChangesReader: Reader = (question) => {
  const q = question.slice(0, 600);
  if (!ASKS.test(q)) return null;
  const steps: { at: number; change: number }[] = [];
  for (const m of q.matchAll(VERB_FIRST)) {
    const size = Number(m[2]);
    steps.push({ at: m.index, change: DOWN_WORD.test(m[1]!) ? -size : size });
  }
  for (const m of q.matchAll(NOUN_AFTER)) {
    const size = Number(m[1]);
    steps.push({ at: m.index, change: DOWN_WORD.test(m[2]!) ? -size : size });
  }
  if (steps.length < 2) return null;
  steps.sort((a, b) => a.at - b.at);
  // Every number is a step's percent or the one starting amount; anything else is another question.
  const money = [...q.matchAll(MONEY)];
  const numbers = q.match(/\d[\d,]*(?:\.\d+)?/g) ?? [];
  if (numbers.length !== steps.length + money.length || money.length > 1) return null;
  const start = money[0] ? Number((money[0][1] ?? money[0][2])!.replace(/,/g, '')) : undefined;
  const currency = money[0] ? (/[$€£¥]/.exec(money[0][0])?.[0] ?? undefined) : undefined;
  return {
    kind: 'reading',
    domain: 'math',
    task: {
      tool: 'calc_percentage',
      args: {
        operation: 'successive',
        changes: steps.map((s) => s.change),
        ...(start !== undefined ? { value: start } : {}),
        ...(currency ? { currency } : {}),
      },
    },
  };
};
