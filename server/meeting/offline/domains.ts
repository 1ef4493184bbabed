import type { ExpertProfile } from '../types';

/**
 * What an expert covers, read from its keywords (strongly) and its
 * description and name (weakly), so any expert — not just the demo ones —
 * lands in one of the offline engine's specialties or in 'generic'.
 */
export type Domain = 'math' | 'time' | 'docs' | 'web' | 'code';
export type ExpertDomain = Domain | 'generic';

const VOCABULARY: Record<Domain, string[]> = {
  math: [
    'math',
    'finance',
    'statistic',
    'calculat',
    'percentage',
    'units',
    'number',
    'quantitative',
    'accounting',
    'arithmetic',
    'economic',
  ],
  time: ['time', 'date', 'scheduling', 'scheduler', 'calendar', 'deadline', 'clock'],
  docs: [
    'document',
    'knowledge base',
    'drive',
    'citation',
    'policies',
    'policy',
    'librar',
    'archive',
    'files',
  ],
  web: ['web', 'news', 'current events', 'market', 'competitor', 'search', 'internet', 'online'],
  code: [
    'software',
    'programming',
    'code',
    'typescript',
    'javascript',
    'api',
    'debugging',
    'engineer',
    'developer',
  ],
};

const DOMAINS = Object.keys(VOCABULARY) as Domain[];

/** Terms match at the start of a word: 'search' is not in 'research'. */
const PATTERNS = Object.fromEntries(
  (Object.keys(VOCABULARY) as Domain[]).map((d) => [
    d,
    VOCABULARY[d].map((term) => new RegExp(`\\b${term}`, 'i')),
  ]),
) as Record<Domain, RegExp[]>;

function hits(text: string, domain: Domain): number {
  return PATTERNS[domain].filter((re) => re.test(text)).length;
}

/** The specialties a piece of text (a request, a question) touches, by the same vocabulary. */
export function textDomains(text: string): Domain[] {
  return DOMAINS.filter((d) => hits(text, d) > 0);
}

function scores(expert: ExpertProfile): Record<Domain, number> {
  const result = {} as Record<Domain, number>;
  for (const d of DOMAINS) {
    const fromKeywords = expert.keywords.reduce((n, k) => n + hits(k, d), 0);
    result[d] = fromKeywords * 3 + hits(`${expert.description} ${expert.name}`, d);
  }
  return result;
}

/** The domains an expert covers, strongest first (keyword hits count most). */
export function expertDomains(expert: ExpertProfile): Domain[] {
  const s = scores(expert);
  const strongest = Math.max(...DOMAINS.map((d) => s[d]));
  if (strongest === 0) return [];
  // Keyword-backed domains, or failing that the description's strongest one.
  const threshold = strongest >= 3 ? 3 : strongest;
  return DOMAINS.filter((d) => s[d] >= threshold).sort((a, b) => s[b] - s[a]);
}

export function primaryDomain(expert: ExpertProfile): ExpertDomain {
  return expertDomains(expert)[0] ?? 'generic';
}

export function covers(expert: ExpertProfile, domain: Domain): boolean {
  return expertDomains(expert).includes(domain);
}

/** The first expert on the panel (other than `self`) that covers the domain. */
export function leadFor(
  domain: Domain,
  panel: ExpertProfile[],
  self: ExpertProfile,
): ExpertProfile | undefined {
  return panel.find((e) => e.id !== self.id && covers(e, domain));
}

/**
 * The expert before this one on the panel with the same primary domain, so
 * two like-minded experts never word an answer identically.
 */
export function previousTwin(
  expert: ExpertProfile,
  panel: ExpertProfile[],
): ExpertProfile | undefined {
  const mine = primaryDomain(expert);
  const index = panel.findIndex((e) => e.id === expert.id);
  const before = index < 0 ? panel : panel.slice(0, index);
  return before.filter((e) => primaryDomain(e) === mine).pop();
}
