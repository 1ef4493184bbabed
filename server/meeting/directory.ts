import type { Expert } from '../../protocol';
import type { AppRegistry } from '../apps/registry';
import type { ExpertProfile } from './types';

export interface DirectoryExpert extends ExpertProfile {
  homeLink?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Every expert cog in the registry (in-process or remote), by id. */
export function expertDirectory(registry: AppRegistry): Map<string, DirectoryExpert> {
  const out = new Map<string, DirectoryExpert>();
  for (const { cog, attrs } of registry.annotated('expert')) {
    const id = text(attrs.expert_id) ?? cog.name;
    const keywords = Array.isArray(attrs.keywords) ? attrs.keywords.map(String) : [];
    out.set(id, {
      id,
      name: text(attrs.name) ?? cog.name,
      keywords,
      description: text(attrs.description) ?? '',
      model: text(attrs.model) ?? null,
      systemPrompt: text(attrs.system_prompt) ?? null,
      homeLink: text(attrs.home_link),
    });
  }
  return out;
}

/** The wire shape of an expert (SPEC §3). */
export function expertOnWire(e: DirectoryExpert, selected = true): Expert {
  return {
    expert_id: e.id,
    name: e.name,
    keywords: e.keywords,
    ...(e.homeLink ? { home_link: e.homeLink } : {}),
    selected,
  };
}
