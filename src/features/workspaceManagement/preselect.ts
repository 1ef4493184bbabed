import type { ManagementState } from './managementSlice';

/**
 * Each tool provider the chosen experts bring (as the server lists them on
 * each expert, `tool_providers`), with the names of the experts that bring it;
 * providers this world does not offer are left out.
 */
export function providersBroughtBy(
  s: Pick<ManagementState, 'experts' | 'providers' | 'selectedExperts'>,
): Map<string, string[]> {
  const offered = new Set(s.providers.map((p) => p.name));
  const out = new Map<string, string[]>();
  for (const expert of s.experts) {
    if (!s.selectedExperts.includes(expert.expert_id)) continue;
    for (const name of expert.tool_providers ?? []) {
      if (offered.has(name)) out.set(name, [...(out.get(name) ?? []), expert.name]);
    }
  }
  return out;
}

/**
 * Create mode: ticks the providers the chosen experts bring (unless the user
 * unticked them), and unticks the ones it ticked for an expert no longer
 * chosen. A provider the user ticked or unticked by hand stays as they left it.
 */
export function preselectExpertProviders(s: ManagementState): void {
  const needed = [...providersBroughtBy(s).keys()];
  const stale = s.suggestedProviders.filter((p) => !needed.includes(p));
  s.selectedProviders = s.selectedProviders.filter((p) => !stale.includes(p));
  s.suggestedProviders = s.suggestedProviders.filter((p) => needed.includes(p));
  for (const name of needed) {
    if (s.selectedProviders.includes(name) || s.declinedProviders.includes(name)) continue;
    s.selectedProviders.push(name);
    s.suggestedProviders.push(name);
  }
}
