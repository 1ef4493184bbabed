import { amountsOf, currencyIn, scan, severalQuestions } from './amounts';
import type { Scanned } from './amounts';
import type { Reader, Reading } from './types';

/**
 * Ratio questions: "split $500 in the ratio 3:2", "divide 1,200 between
 * three people 1:2:3", "simplify 12:18", "2:3 = x:12", "2 is to 3 as x is to
 * 12", "what's the ratio of 150 to 100". Read into calc_ratio.
 */

const NUM = String.raw`\d+(?:\.\d+)?`;
const RATIO = new RegExp(String.raw`(?<![\d.:])${NUM}(?:\s*:\s*${NUM})+(?![\d:])`);
const TERM = String.raw`(${NUM}|[a-z])`;
const PROPORTION = new RegExp(
  String.raw`(?<![\w.:])${TERM}\s*[:/]\s*${TERM}\s*=\s*${TERM}\s*[:/]\s*${TERM}(?![\w:])`,
  'i',
);
const IS_TO = new RegExp(
  String.raw`(?<![\w.])${TERM} is to ${TERM},? (?:as|like) ${TERM} is to ${TERM}(?![\w])`,
  'i',
);

function reading(args: Record<string, unknown>): Reading {
  return { kind: 'reading', domain: 'math', task: { tool: 'calc_ratio', args } };
}

function parts(text: string): number[] {
  return text.split(':').map((p) => Number(p.trim()));
}

function solve(q: string): Reading | null {
  const m = PROPORTION.exec(q) ?? IS_TO.exec(q);
  if (!m) return null;
  const terms = m.slice(1, 5);
  const letters = terms.filter((x) => /^[a-z]$/i.test(x!));
  if (letters.length !== 1) return null;
  // "2/3 = x/12" is read as a proportion only with a letter in it.
  const value = terms.map((x) => (/^[a-z]$/i.test(x!) ? null : Number(x)));
  return reading({
    operation: 'solve',
    left: value.slice(0, 2),
    right: value.slice(2),
    unknown: letters[0]!.toLowerCase(),
  });
}

/**
 * "flour and sugar 5:2. With 750 g of flour, how much sugar?": the two named
 * things before the ratio, the amount given of one, the other asked for.
 */
function namedScale(before: string, terms: number[], s: Scanned): Reading | null {
  if (terms.length !== 2 || s.quantities.length !== 1) return null;
  const names = /\b([a-z]+) (?:and|to) ([a-z]+)\b(?!.*\b[a-z]+ (?:and|to) [a-z]+\b)/.exec(before);
  if (!names) return null;
  const [first, second] = [names[1]!, names[2]!];
  const known = s.quantities[0]!;
  const given = new RegExp(`^\\s*(?:([a-z]+) )?(?:of )?(${first}|${second})\\b`).exec(known.after);
  if (!given) return partOfTotal(first, second, terms, known, s);
  const other = given[2] === first ? second : first;
  if (
    !new RegExp(
      `\\bhow (?:much|many)(?: [a-z]+)?(?: of)? ${other}\\b|\\b(?:what|how much) ${other}\\b`,
    ).test(s.template)
  ) {
    return null;
  }
  const unit = given[1] ? `${given[1]} of ` : '';
  return reading({
    operation: 'solve',
    left: terms,
    right: given[2] === first ? [known.value, null] : [null, known.value],
    label: `${unit}${other}`,
  });
}

/** "boys to girls is 3:5 and there are 40 students. How many girls?": a share of the total. */
function partOfTotal(
  first: string,
  second: string,
  terms: number[],
  known: Scanned['quantities'][number],
  s: Scanned,
): Reading | null {
  const asked = new RegExp(`\\bhow (?:much|many)(?: of)?(?: the)? (${first}|${second})\\b`).exec(
    s.template,
  );
  const total =
    /^\s*(?:[a-z]+ )?(?:in total|total|altogether|in all|combined|together|students|people|children|pupils|members|employees|staff|animals|items|pieces|coins|balls|marbles)\b/.test(
      known.after,
    ) || /\b(?:in total|total of|altogether|in all|combined)\b/.test(s.template);
  if (!asked || !total) return null;
  const [a, b] = terms as [number, number];
  return reading({
    operation: 'solve',
    left: asked[1] === first ? [a, a + b] : [b, a + b],
    right: [null, known.value],
    label: asked[1]!,
  });
}

/** "If 3 pens cost $4.50, how much do 7 cost?": the same price per item. */
function proportion(s: Scanned): Reading | null {
  const m =
    /\bif (N\d+) ((?:[a-z]+ ){0,3})(?:cost|costs|costed|is|are|sell for|sells for) (N\d+)\b.*\b(?:how much|what) (?:do|does|would|will|is|are|for) (N\d+) ?((?:[a-z]+ ){0,3})(?:cost|be)?\b/.exec(
      s.template,
    );
  if (!m || s.quantities.length !== 3) return null;
  const [count, price, wanted] = [m[1]!, m[3]!, m[4]!].map(
    (n) => s.quantities[Number(n.slice(1))]!,
  );
  // The price is the one with money; the counts are plain.
  if (!price!.currency || count!.currency || wanted!.currency) return null;
  return reading({
    operation: 'solve',
    left: [count!.value, price!.value],
    right: [wanted!.value, null],
    currency: price!.currency,
  });
}

/** "45 engineers and 18 designers, what is the ratio of engineers to designers?" */
function namedRatio(q: string): Reading | null {
  const asked = /\bratio of (?:the )?([a-z]+) to (?:the )?([a-z]+)\b/i.exec(q);
  if (!asked) return null;
  const count = (word: string) => {
    const found = [...q.matchAll(new RegExp(String.raw`(\d[\d,]*(?:\.\d+)?)\s+${word}\b`, 'gi'))];
    return found.length === 1 ? Number(found[0]![1]!.replace(/,/g, '')) : null;
  };
  const a = count(asked[1]!);
  const b = count(asked[2]!);
  if (a === null || b === null) return null;
  return {
    kind: 'reading',
    domain: 'math',
    task: { tool: 'calc_ratio', args: { operation: 'compare', a, b } },
  };
}

export const ratioReader: Reader = (q) => {
  if (severalQuestions(q)) return null;
  const named = namedRatio(q);
  if (named) return named;
  const solved = solve(q);
  if (solved) return solved;
  // "in the ratio of 3 to 2" is 3:2.
  const lower = q
    .toLowerCase()
    .replace(
      new RegExp(String.raw`\bratio (?:of )?(${NUM}) to (${NUM})(?: to (${NUM}))?`),
      (_, a, b, c) => `ratio ${a}:${b}${c ? `:${c}` : ''}`,
    );
  const ratio = RATIO.exec(lower);
  const s = scan(ratio ? lower.replace(ratio[0], ' ') : lower);
  if (ratio) {
    // A time of day ("3:30 pm") is not a ratio.
    if (/^\s*(?:[ap]\.?m\b|o'?clock|h\b)/.test(lower.slice(ratio.index + ratio[0].length)))
      return null;
    const terms = parts(ratio[0]);
    if (
      /\b(?:split|divide[sd]?|share[sd]?|distribute[sd]?|allocate[sd]?|apportion|between|among)\b/.test(
        lower,
      )
    ) {
      const amounts = amountsOf(s).filter(
        (a) => !/^\s*(?:ways|people|parts|partners)\b/.test(a.after),
      );
      if (amounts.length !== 1) return null;
      const currency = currencyIn(s);
      return reading({
        operation: 'split',
        total: amounts[0]!.value,
        ratio: terms,
        ...(currency ? { currency } : {}),
      });
    }
    if (
      /\b(?:simplif(?:y|ied)|simplest|lowest terms|reduce[sd]?|simple form)\b/.test(lower) &&
      s.quantities.length === 0
    ) {
      return reading({ operation: 'simplify', ratio: terms });
    }
    const scaled = namedScale(lower.slice(0, ratio.index), terms, s);
    if (scaled) return scaled;
  }
  const plain = scan(q.toLowerCase());
  const unitPrice = proportion(plain);
  if (unitPrice) return unitPrice;
  const of = /\bratio (?:of|between) (N\d+) (?:to|and|vs\.?|versus) (N\d+)\b/.exec(plain.template);
  if (of && plain.quantities.length === 2) {
    return reading({
      operation: 'compare',
      a: plain.quantities[Number(of[1]!.slice(1))]!.value,
      b: plain.quantities[Number(of[2]!.slice(1))]!.value,
    });
  }
  return null;
};
