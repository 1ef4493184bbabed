import { finance, financeParameters } from './finance';
import { loadMathjs } from './mathjs';
import { percentage, percentageParameters } from './percentage';
import { describeTool } from './providers';
import { ratio, ratioParameters } from './ratio';
import type { ComputedValue } from './money';
import type { Tool, ToolResult } from '../types';

/** The calculations provider's business tools: percentages, ratios and finance. */

function tool(
  name: string,
  parameters: Record<string, unknown>,
  compute: (args: Record<string, unknown>) => ComputedValue,
): Tool {
  return {
    ...describeTool(name),
    parameters,
    async run(args): Promise<ToolResult> {
      await loadMathjs();
      const value = compute(args);
      return { output: `${value.expression} = ${value.answer}`, value: { ...value } };
    },
  };
}

export function businessTools(): Tool[] {
  return [
    tool('calc_percentage', percentageParameters, percentage),
    tool('calc_ratio', ratioParameters, ratio),
    tool('calc_finance', financeParameters, finance),
  ];
}
