import { providersNeededBy } from '../meeting/expertProviders';
import type { ExpertProfile } from '../meeting/types';
import { providerDirectory, type DirectoryProvider } from './providers';
import type { AppRegistry } from '../cog/registry';

/** The names of the providers some experts bring, in the order the experts bring them. */
export function providerNamesFor(experts: ExpertProfile[]): string[] {
  return [...new Set(experts.flatMap(providersNeededBy))];
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
