import type { Reader } from './types';

/**
 * Direct proportion told as a story: "a recipe uses 3 cups of flour to 2 cups
 * of sugar; with 7.5 cups of flour how much sugar?", "if 4 machines make 360
 * parts an hour, how many parts would 7 machines make?". Three numbers, each
 * followed by what it counts; two count the same thing and the question asks
 * for the other: calc_ratio solves A:B = C:x. Time asked for ("how many days
 * would 9 painters take") may be inverse, so it is left alone, as is anything
 * else.
 */

const NUMBER =
  /(\d[\d,]*(?:\.\d+)?)\s+((?:[a-z]+\s+){0,2}?[a-z]+?)(?=\s+\d|\s+(?:to|and|for|make|makes|made|produce|produces|per|an?|in|if|how|would|will|can|do|does|need|cost|costs|take|takes|fill|fills|feed|feeds|serve|serves|with|at|is|are|was|were|on|of the)\b|[,.;:?]|$)/gi;
const ASKED = /\bhow (?:many|much)\s+((?:[a-z]+\s+){0,2}?[a-z]+?)(?=\s|[?.!]|$)/i;

const head = (thing: string) => thing.toLowerCase().split(/\s+/).pop()!;

export const proportionReader: Reader = (question) => {
  const q = question.slice(0, 400);
  const asked = ASKED.exec(q);
  if (!asked) return null;
  const counted = [...q.replace(/[?!.\s]{1,5}$/, '').matchAll(NUMBER)].map((m) => ({
    value: Number(m[1]!.replace(/,/g, '')),
    thing: m[2]!.toLowerCase(),
  }));
  const numbers = q.match(/\d[\d,]*(?:\.\d+)?/g) ?? [];
  if (counted.length !== 3 || numbers.length !== 3) return null;
  const [a, b, c] = counted as [(typeof counted)[0], (typeof counted)[0], (typeof counted)[0]];
  const want = head(asked[1]!);
  // "how many days would 9 painters take" is inverse proportion (more hands, less time): not this.
  if (/^(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|hrs?|mins?)$/.test(want))
    return null;
  // A of X to B of Y, then C of X: how much Y?
  const pairs: [typeof a, typeof a, typeof a][] = [
    [a, b, c],
    [b, a, c],
  ];
  for (const [x, y, given] of pairs) {
    if (head(x.thing) !== head(given.thing) || head(y.thing) !== want) continue;
    if (head(x.thing) === want) continue;
    return {
      kind: 'reading',
      domain: 'math',
      task: {
        tool: 'calc_ratio',
        args: {
          operation: 'solve',
          left: [x.value, y.value],
          right: [given.value, null],
          label: y.thing,
        },
      },
    };
  }
  return null;
};
