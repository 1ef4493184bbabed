import { expertDomains, type Domain } from '../meeting/offline/domains';
import type { ExpertProfile } from '../meeting/types';
import { providerDirectory, type DirectoryProvider } from './providers';
import type { AppRegistry } from '../cog/registry';

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

/** The names of the providers an expert's specialties use, strongest specialty first. */
export function providerNamesFor(experts: ExpertProfile[]): string[] {
  const names = experts.flatMap((e) => expertDomains(e).flatMap((d) => DOMAIN_PROVIDERS[d]));
  return [...new Set(names)];
}

/** Those providers as world `worldId` knows them now (a provider not installed is left out). */
export function providersFor(
  registry: AppRegistry,
  worldId: string,
  experts: ExpertProfile[],
): DirectoryProvider[] {
  const directory = providerDirectory(registry, worldId);
  return providerNamesFor(experts).flatMap((n) => directory.get(n) ?? []);
}
