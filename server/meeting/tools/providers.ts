import type { App } from '../../cog/registry';

/**
 * The built-in tool providers. Tool names carry their provider's prefix
 * (`calc_evaluate`); the UI shows them without the first prefix.
 */
export const toolProviderDefinitions = [
  {
    name: 'calculations',
    description: 'Exact arithmetic, percentages, unit conversion and statistics.',
    service_url: 'https://mathjs.org/docs/expressions/syntax.html',
    tools: [
      {
        name: 'calc_evaluate',
        description: 'Evaluate a mathematical expression exactly, with units and percentages.',
      },
      { name: 'calc_convert', description: 'Convert a quantity from one unit to another.' },
      {
        name: 'calc_statistics',
        description: 'Mean, median, standard deviation and sum of a list of numbers.',
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
      { name: 'datetime_difference', description: 'Days, hours and minutes between two dates.' },
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
    service_url: 'https://wordnet.princeton.edu/',
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
