import { describe, expect, it } from 'vitest';
import { withoutMarkdown } from '../../../server/meeting/offline/withoutMarkdown';
import { ask } from './offlineAsk';

/**
 * Questions typed with the message box's markdown (issue 17's experts, found by the eval's
 * "formatted" set): bold or italic numbers, an expression in a code span, a quoted line. The
 * offline experts read what they say, not their markers.
 */
describe('a question in markdown', () => {
  it('is read without its markers', async () => {
    const bold = await ask('What is **15%** of 200?', 'ada-quant');
    expect(bold.final).toContain('**30**');
    expect(bold.tools[0]?.args).not.toMatchObject({ expression: expect.stringContaining('*') });
    const code = await ask('can you work out `17 * 23` for me', 'ada-quant');
    expect(code.final).toContain('**391**');
    const quoted = await ask('> convert __5 miles__ to km', 'ada-quant');
    expect(quoted.final).toMatch(/8\.04672 km/);
  });

  it('keeps what only looks like markdown: multiplication, snake_case, list numbers', () => {
    expect(withoutMarkdown('2*3*4 and 2 * 3 * 4')).toBe('2*3*4 and 2 * 3 * 4');
    expect(withoutMarkdown('what is **2 * 3 * 4**')).toBe('what is 2 * 3 * 4');
    expect(withoutMarkdown('rename max_retry_count to _limit_')).toBe(
      'rename max_retry_count to limit',
    );
    expect(withoutMarkdown('1. 15% of 200\n2. *12%* of 450')).toBe('1. 15% of 200\n2. 12% of 450');
    expect(withoutMarkdown('>> a quote in a quote')).toBe('a quote in a quote');
    expect(withoutMarkdown('``17 * 23``')).toBe('17 * 23');
    expect(withoutMarkdown('what is *')).toBe('what is *');
  });
});
