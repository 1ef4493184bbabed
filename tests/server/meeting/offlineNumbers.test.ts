import { describe, expect, it } from 'vitest';
import { demoExperts } from '../../../server/seed/demoExperts';
import { createOfflineEngine } from '../../../server/meeting/offline';
import { builtinTools } from '../../../server/meeting/tools';
import type { ExpertProfile, ExpertReporter, Tool } from '../../../server/meeting/types';

/**
 * The numbers expert on percentage, ratio and finance questions asked as
 * stories: the offline engine reads them, runs calc_percentage / calc_ratio /
 * calc_finance for real and leads with the result in bold, in the
 * question's currency, showing what it evaluated.
 */

const NOW = new Date('2026-11-24T10:30:00Z');
const panel: ExpertProfile[] = demoExperts.map((e) => ({
  id: e.id,
  name: e.name,
  keywords: e.keywords,
  description: e.description,
}));

async function ask(question: string, tools: Tool[] = builtinTools({})) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  let final = '';
  const signal = new AbortController().signal;
  const report: ExpertReporter = {
    progress: () => {},
    async useTool(name, args) {
      calls.push({ name, args });
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new Error(`tool ${name} is not available`);
      return tool.run(args, { worldId: 'w', workspaceId: 'ws', now: NOW, signal });
    },
    trace: () => {},
    researchBox: () => {},
    answer: (content, done) => {
      if (done) final = content;
    },
  };
  await createOfflineEngine({ paceMs: 0 }).answer(
    {
      expert: panel.find((e) => e.id === 'ada-quant')!,
      panel,
      question,
      history: [],
      tools,
      now: NOW,
      signal,
    },
    report,
  );
  return { calls, final };
}

describe('offline numbers expert: percentages, ratios and finance', () => {
  it('answers a discount story with the price to pay, in dollars, from calc_percentage', async () => {
    const { calls, final } = await ask('A jacket is $80 and 25% off, what do I pay?');
    expect(calls.map((c) => c.name)).toEqual(['calc_percentage']);
    expect(final.startsWith('**$60.00**')).toBe(true);
    expect(final).toContain('Evaluated: `80 × (1 − 25 / 100)`');
    expect(final).toContain('_Source: calc_percentage, computed exactly._');
  });

  it('answers compound interest in the currency asked', async () => {
    const { calls, final } = await ask('€12,500 at 4.5% compounded monthly for 3 years?');
    expect(calls).toEqual([
      {
        name: 'calc_finance',
        args: {
          operation: 'compound',
          principal: 12500,
          rate: 4.5,
          years: 3,
          compounding: 'monthly',
          ask: 'future_value',
          currency: '€',
        },
      },
    ]);
    expect(final.startsWith('**€14,303.10**')).toBe(true);
  });

  it('answers each part of a two-part question', async () => {
    const { calls, final } = await ask("What's 15% of $240? And split $500 in the ratio 3:2");
    expect(calls.map((c) => c.name)).toEqual(['calc_percentage', 'calc_ratio']);
    expect(final).toMatch(/_1\. .*_\n\n\*\*\$36\.00\*\*/);
    expect(final).toMatch(/_2\. .*_\n\n\*\*\$300\.00 and \$200\.00\*\*/);
  });

  it('says what it could not read of a loan question, computing nothing', async () => {
    const { calls, final } = await ask('What is the monthly payment on a $300,000 mortgage?');
    expect(calls).toEqual([]);
    expect(final).toContain('a loan payment');
    expect(final).toContain('one interest rate');
    expect(final).not.toContain('**');
  });

  it('names the calculations provider when the workspace lacks it', async () => {
    const noCalc = builtinTools({}).filter((t) => t.provider !== 'calculations');
    const { calls, final } = await ask('Split $500 in the ratio 3:2', noCalc);
    expect(calls).toEqual([]);
    expect(final).toContain('**calculations** tool provider (`calc_ratio`)');
  });
});
