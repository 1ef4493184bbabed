import { expertDomains, type Domain } from './offline/domains';
import type { ExpertProfile } from './types';

/**
 * The tool providers each specialty works with: the ones the offline engine
 * calls for it (calculations for maths, date_and_time for scheduling, drive
 * search for documents, web search for the web; the software expert turns
 * computed results into snippets, so it uses the first two).
 */
export const DOMAIN_PROVIDERS: Record<Domain, string[]> = {
  math: ['calculations'],
  time: ['date_and_time'],
  docs: ['documents'],
  web: ['web_search'],
  code: ['calculations', 'date_and_time'],
};

/**
 * The tool providers an expert brings: the ones it declares (stored with it,
 * or in its remote app's `expert` annotation as `tool_providers`), else the
 * ones its specialties use, strongest specialty first.
 */
export function providersNeededBy(expert: ExpertProfile): string[] {
  if (expert.toolProviders) return [...new Set(expert.toolProviders)];
  return [...new Set(expertDomains(expert).flatMap((d) => DOMAIN_PROVIDERS[d]))];
}
