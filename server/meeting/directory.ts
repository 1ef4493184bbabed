import { safeLinkUrl, type Expert } from '../../protocol';
import type { AppRegistry } from '../cog/registry';
import { providersNeededBy } from './expertProviders';
import type { ExpertProfile } from './types';

export interface DirectoryExpert extends ExpertProfile {
  homeLink?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const names = (v: unknown) =>
  Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string' && n !== '') : undefined;

/**
 * Every expert cog world `worldId` sees (built-in or of a remote app of that
 * world), by id; a built-in keeps its id even if another cog claims it.
 */
export function expertDirectory(
  registry: AppRegistry,
  worldId: string,
): Map<string, DirectoryExpert> {
  const out = new Map<string, DirectoryExpert>();
  for (const { cog, attrs } of registry.annotated('expert', worldId)) {
    const id = text(attrs.expert_id) ?? cog.name;
    if (out.has(id)) continue;
    const keywords = Array.isArray(attrs.keywords) ? attrs.keywords.map(String) : [];
    const toolProviders = names(attrs.tool_providers);
    out.set(id, {
      id,
      name: text(attrs.name) ?? cog.name,
      keywords,
      description: text(attrs.description) ?? '',
      model: text(attrs.model) ?? null,
      systemPrompt: text(attrs.system_prompt) ?? null,
      ...(toolProviders ? { toolProviders } : {}),
      // Checked when a remote app connects; checked again here for every app.
      homeLink: safeLinkUrl(attrs.home_link) ? text(attrs.home_link) : undefined,
    });
  }
  return out;
}

/**
 * The wire shape of an expert (SPEC §3), with the tool providers it brings
 * (the management page preselects them when a workspace is created).
 */
export function expertOnWire(e: DirectoryExpert, selected = true): Expert {
  return {
    expert_id: e.id,
    name: e.name,
    keywords: e.keywords,
    ...(e.homeLink ? { home_link: e.homeLink } : {}),
    selected,
    tool_providers: providersNeededBy(e),
  };
}
