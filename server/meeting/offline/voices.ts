import { toolProviderDefinitions } from '../tools/providers';
import type { ExpertProfile } from '../types';
import type { ExpertDomain } from './domains';
import type { Intent } from './intent';

/**
 * How each specialty talks: its one-line introduction, its one-sentence
 * "nothing to add", and how it says a tool provider is missing. The expert's
 * own name and keywords go into every line, so two experts never say the
 * same thing.
 */

const keywordList = (expert: ExpertProfile) =>
  expert.keywords.slice(0, 3).join(', ') || expert.description.split(/[.,]/)[0]!.trim();

const INTRO: Record<ExpertDomain, (name: string, kw: string) => string> = {
  math: (n, kw) => `Hi, I'm ${n} (${kw}) — give me the numbers and I'll show the working.`,
  time: (n, kw) => `Hello, ${n} here (${kw}) — ask me the time anywhere, or how long until a date.`,
  docs: (n, kw) =>
    `Hello, I'm ${n} (${kw}) — I answer from this world's documents and cite the passage.`,
  web: (n, kw) => `Hey, ${n} here (${kw}) — I look things up on the web and report the sources.`,
  code: (n, kw) => `Hi, I'm ${n} (${kw}) — I answer with small, working TypeScript.`,
  generic: (n, kw) => `Hello, I'm ${n} — ${kw}.`,
};

export function introduction(expert: ExpertProfile, domain: ExpertDomain): string {
  return INTRO[domain](expert.name, keywordList(expert));
}

/** What the lead expert "has" for each kind of question. */
const NOUN: Record<Exclude<Intent['kind'], 'greeting'>, string> = {
  calc: 'the numbers',
  'no-previous': 'the numbers',
  currency: 'the numbers',
  compute: 'the numbers',
  search: 'the web search',
  docs: 'the documents',
  code: 'the code',
};

const OPENER: Record<ExpertDomain, string> = {
  math: 'Nothing to calculate here',
  time: 'Nothing to add from the calendar side',
  docs: 'Nothing in the stacks on this one',
  web: 'No need to search the web for this',
  code: 'No code needed for this one',
  generic: 'Nothing to add from me',
};

/** One sentence, in the expert's voice, pointing at whoever has it. */
/** What the lead has: a computation led by the calendar expert is "the clock". */
export function leadHas(
  kind: Exclude<Intent['kind'], 'greeting'>,
  leadDomain: ExpertDomain,
): string {
  return kind === 'compute' && leadDomain === 'time' ? 'the clock' : NOUN[kind];
}

export function nothingToAdd(
  expert: ExpertProfile,
  domain: ExpertDomain,
  has: string,
  lead: ExpertProfile | undefined,
  twin: ExpertProfile | undefined,
): string {
  const opener =
    domain === 'generic' && expert.keywords[0]
      ? `Nothing to add from the ${expert.keywords[0]} side`
      : OPENER[domain];
  const pointer = lead
    ? ` — ${lead.name} has ${has}`
    : ', and it is outside what I cover, so I will leave it there';
  const echo = twin ? ` (same view as ${twin.name})` : '';
  return `${opener}${pointer}${echo}.`;
}

export function providerOf(tool: string): string {
  return toolProviderDefinitions.find((p) => p.tools.some((t) => t.name === tool))?.name ?? tool;
}

const NEED: Record<ExpertDomain, string> = {
  math: "to work this out exactly — I won't guess at a number",
  time: 'to give you exact times — a guess at a clock is worse than none',
  docs: 'to answer from the sources',
  web: 'to look this up — without it I have no sources to report',
  code: 'to compute the value my snippet should reproduce',
  generic: 'to answer this',
};

/**
 * The provider to add, and where: a link to the workspace's Configure
 * Workspace page (a path on this site, so it opens in the app).
 */
/** Where to add a missing provider: a link to the workspace's Configure Workspace page. */
export function configureHint(configureUrl?: string): string {
  return configureUrl ? ` Add it in [Configure Workspace](${configureUrl}) and ask me again.` : '';
}

export function providerMissing(tool: string, domain: ExpertDomain, configureUrl?: string): string {
  return (
    `I'd need the **${providerOf(tool)}** tool provider (\`${tool}\`) selected in this workspace ` +
    `${NEED[domain]}.${configureHint(configureUrl)}` +
    source('from my own notes — no tool was available')
  );
}

export function source(text: string): string {
  return `\n\n_Source: ${text}._`;
}

/** Markdown inline code that survives backticks in the text. */
export function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}
