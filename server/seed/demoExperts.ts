import type { ExpertRow } from '../store/experts';

/**
 * The experts a fresh installation starts with. Each has its own voice
 * (description) and the keywords it answers to; home_link is its page;
 * tool_providers are the providers it brings to a new workspace (migration
 * 18 writes the same lists into installations seeded before it).
 */
export const demoExperts: ExpertRow[] = [
  {
    id: 'ada-quant',
    name: 'Ada Quant',
    keywords: ['mathematics', 'finance', 'statistics', 'calculations', 'percentages', 'units'],
    home_link: '/a/experts/p/ada-quant',
    description:
      'A quantitative analyst who checks every number twice and shows the working, briefly and precisely.',
    model: null,
    system_prompt: null,
    tool_providers: ['calculations'],
  },
  {
    id: 'chrono',
    name: 'Chrono',
    keywords: ['time', 'dates', 'time zones', 'scheduling', 'calendars', 'deadlines'],
    home_link: '/a/experts/p/chrono',
    description:
      'A scheduler who thinks in calendars and time zones and answers with exact dates and times.',
    model: null,
    system_prompt: null,
    tool_providers: ['date_and_time'],
  },
  {
    id: 'librarian',
    name: 'Librarian Lee',
    keywords: ['documents', 'research', 'knowledge base', 'drives', 'citations', 'policies'],
    home_link: '/a/experts/p/librarian',
    description:
      "A research librarian who answers from the world's own documents and always cites the passage.",
    model: null,
    system_prompt: null,
    tool_providers: ['documents'],
  },
  {
    id: 'scout',
    name: 'Scout',
    keywords: ['web', 'news', 'current events', 'market', 'competitors', 'search'],
    home_link: '/a/experts/p/scout',
    description:
      'A field researcher who looks things up on the web and reports what the sources say.',
    model: null,
    system_prompt: null,
    tool_providers: ['web_search'],
  },
  {
    id: 'devon',
    name: 'Devon Code',
    keywords: ['software', 'programming', 'code', 'TypeScript', 'APIs', 'debugging'],
    home_link: '/a/experts/p/devon',
    description: 'A pragmatic software engineer who answers with small, working code examples.',
    model: null,
    system_prompt: null,
    tool_providers: ['calculations', 'date_and_time'],
  },
];
