import { describe, expect, it } from 'vitest';
import { MAX_USER_MESSAGE_CHARS } from '../../../protocol/clientMessages';
import { builtinTools, documentTools } from '../../../server/meeting/tools';
import { driveStub } from './driveStub';
import { askAll } from './offlineAsk';

/**
 * No message can stall the event loop in the offline experts: the longest
 * message a socket accepts, built from the tokens the readers look for
 * (runs of punctuation, "and", "of", units, number-puzzle words, dates, list
 * marks, markdown markers), is answered by all five experts in well under the time a stall
 * would take. A regular expression that retries from every character of a
 * long run, or a reader that tries every way to cut a sentence, shows up here
 * as seconds.
 */

const TOKENS = [
  '?',
  '. ',
  ', ',
  ' and ',
  '1',
  '1.',
  '5 km in miles',
  ' of ',
  '% ',
  'the sum of ',
  '3 more than ',
  'a number ',
  'in 3 days ',
  'Tokyo 9am ',
  '= ',
  '(',
  '\n- ',
  ' summary',
  'mean of 1, 2',
  '$1,200 ',
  'what does our handbook say about travel ',
  // The markdown the readers look past (withoutMarkdown): runs of markers, openers never closed.
  '`',
  '**a ',
  '__a ',
  '> ',
];

/** A message of MAX_USER_MESSAGE_CHARS from one token, or two alternating. */
function hostile(a: string, b = ''): string {
  const unit = a + b;
  return (
    unit
      .repeat(Math.ceil(MAX_USER_MESSAGE_CHARS / unit.length))
      .slice(0, MAX_USER_MESSAGE_CHARS - 1) + 'x'
  );
}

const shapes: [string, string][] = [
  ...TOKENS.map((t): [string, string] => [JSON.stringify(t), hostile(t)]),
  ...TOKENS.slice(0, 6).flatMap((a) =>
    TOKENS.slice(6).map((b): [string, string] => [
      `${JSON.stringify(a)}+${JSON.stringify(b)}`,
      hostile(a, b),
    ]),
  ),
];

/** Every built-in tool and the document tools over a drive with one passage, so Lee searches too. */
const tools = [
  ...builtinTools({}),
  ...documentTools(
    driveStub({
      worlds: { w: ['Handbook'] },
      files: [
        { drive: 'Handbook', path: '/policy.md', text: '# Travel\n\nBook economy.', textScore: 1 },
      ],
    }),
  ),
];

describe('the offline experts on hostile messages', () => {
  it(`answer every one of ${shapes.length} longest messages without stalling`, async () => {
    const slow: string[] = [];
    const timed = async (message: string) => {
      const start = performance.now();
      const answers = await askAll(message, { tools });
      expect(answers.every((a) => a.final.length > 0)).toBe(true);
      return performance.now() - start;
    };
    for (const [name, message] of shapes) {
      // A stall guard, not a speed measure (that is npm run bench): seconds mean a quadratic
      // path. Slow twice in a row, so that a busy machine's pause is not taken for one.
      const ms = Math.min(await timed(message), await timed(message));
      if (ms > 1500) slow.push(`${name}: ${ms.toFixed(0)} ms`);
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
