import { toolProviderDefinitions } from './providers';

/** What the date_and_time tools share: their declared name and description, and argument shapes. */

const provider = toolProviderDefinitions.find((p) => p.name === 'date_and_time')!;

export function describeTool(name: string) {
  const tool = provider.tools.find((t) => t.name === name)!;
  return { name: tool.name, provider: provider.name, description: tool.description };
}

export const zoneParam = (description: string) => ({ type: 'string', description });

export const dateParam = (description: string) => ({ type: 'string', description });

/** The value every date tool returns: the headline, what was evaluated and the working. */
export interface ComputedDate {
  answer: string;
  expression: string;
  working?: string;
}
