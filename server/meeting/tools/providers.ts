import type { App } from '../../cog/registry';

/**
 * The built-in tool providers. Tool names carry their provider's prefix
 * (`calc_evaluate`); the UI shows them without the first prefix.
 */
export const toolProviderDefinitions = [
  {
    name: 'calculations',
    description: 'Exact arithmetic, percentages, unit conversion, statistics and algebra.',
    service_url: 'https://mathjs.org/docs/expressions/syntax.html',
    tools: [
      {
        name: 'calc_evaluate',
        description: 'Evaluate a mathematical expression exactly, with units and percentages.',
      },
      {
        name: 'calc_convert',
        description:
          'Convert a quantity between units: temperature, length, mass, speed, area, volume, data sizes, durations.',
      },
      {
        name: 'calc_statistics',
        description:
          'Mean, median, mode, range, variance, standard deviation (sample or population), percentiles, sum, min and max of a list of numbers, led by the statistic asked.',
      },
      {
        name: 'calc_solve',
        description:
          'Solve a linear, quadratic or cubic equation in one unknown, or 2–3 linear equations in as many unknowns.',
      },
      { name: 'calc_simplify', description: 'Simplify or expand an algebraic expression.' },
      {
        name: 'calc_percentage',
        description:
          'Percentages: X% of Y, what percent X is of Y, percentage change, a price after or before a ' +
          'discount, tax or tip, margin and markup. Percents as people say them (4.5 for 4.5%).',
      },
      {
        name: 'calc_ratio',
        description:
          'Ratios: split an amount in a ratio (3:2), simplify a ratio, solve 2:3 = x:12, the ratio of two numbers.',
      },
      {
        name: 'calc_finance',
        description:
          'Compound and simple interest, doubling time, loan and mortgage payments, savings with ' +
          'regular deposits, present value, CAGR and break-even. Annual rates as people say them (4.5 for 4.5%).',
      },
    ],
  },
  {
    name: 'date_and_time',
    description: 'The current date and time in any time zone, and date arithmetic.',
    service_url: 'https://www.iana.org/time-zones',
    tools: [
      { name: 'datetime_now', description: 'The current date and time in a given IANA time zone.' },
      { name: 'datetime_convert', description: 'Convert a date and time between time zones.' },
      {
        name: 'datetime_difference',
        description: 'Days (or weeks, months, years) between two dates or times.',
      },
      {
        name: 'datetime_zone_difference',
        description: 'How many hours one time zone is ahead of or behind another.',
      },
      {
        name: 'datetime_shift',
        description:
          'A date moved by years, months, weeks, days or business days, before or after.',
      },
      { name: 'datetime_weekday', description: 'The day of the week of a date, past or future.' },
      {
        name: 'datetime_business_days',
        description: 'Business days (Monday to Friday) between two dates.',
      },
      { name: 'datetime_age', description: 'Age in years (months and days) from a birth date.' },
    ],
  },
  {
    name: 'web_search',
    description: 'Searches the web through the SearXNG-compatible endpoint set in WEB_SEARCH_URL.',
    service_url: 'https://docs.searxng.org/dev/search_api.html',
    tools: [
      { name: 'search_web', description: 'Search the web and return the top results with links.' },
    ],
  },
  {
    name: 'documents',
    description: "Searches this world's drives by meaning and by words, and quotes the passages.",
    service_url: 'https://nlp.stanford.edu/projects/glove/',
    tools: [
      {
        name: 'drive_search',
        description: "Search this world's drives for passages that answer a question.",
      },
      {
        name: 'drive_summarize',
        description:
          'Summarize a document of these drives in a few sentences quoted from it, with their sections.',
      },
    ],
  },
] as const;

/** The tools app: each provider and each tool is a cog, found through its annotation. */
export function toolsApp(): App {
  return {
    name: 'emgen-tools',
    processId: process.pid,
    cogs: toolProviderDefinitions.flatMap((p) => [
      {
        module: `tools.${p.name}`,
        name: p.name,
        annotations: {
          toolprovider: { name: p.name, description: p.description, service_url: p.service_url },
        },
      },
      ...p.tools.map((t) => ({
        module: `tools.${p.name}`,
        name: t.name,
        annotations: { tool: { provider: p.name, name: t.name, description: t.description } },
      })),
    ]),
  };
}

/** A built-in tool's name, provider and description, as declared above (names are unique). */
export function describeTool(name: string): {
  name: string;
  provider: string;
  description: string;
} {
  for (const provider of toolProviderDefinitions) {
    const tool = provider.tools.find((t) => t.name === name);
    if (tool) return { name: tool.name, provider: provider.name, description: tool.description };
  }
  throw new Error(`"${name}" is not a built-in tool`);
}
